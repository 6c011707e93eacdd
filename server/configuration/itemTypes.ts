import type { Kysely } from 'kysely';
import type { ItemTypeSection } from '../../schemas/types.js';
import type { WithDefaults, Writable } from '../../shared/api/records.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit/auditLog.js';
import type { DB } from '../db/schema.js';
import { authOf } from '../http/access.js';
import { notFound, ValidationError } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { itemTypeOperations } from '../../resources/itemTypes.js';
import { checkNameFree, checkSectionsUsable, findItemType, itemTypeResponse, loadItemTypes, type ItemType } from './itemTypeStore.js';
import { defineStore } from '../resources/store.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { changedOrders, numbered, swapKeys, type OrderMap } from './ordering.js';

const T = ConfigurationTexts.itemTypes;
type SectionOrder = { key: number; DisplayOrder: number }[];

/** The sections (key: section id) of an item template in display order; locks the item template while they change. */
async function lockedSectionOrder(trx: Kysely<DB>, itemTypeId: number): Promise<SectionOrder> {
  const type = await trx.selectFrom('item_types').select('Id').where('Id', '=', itemTypeId).forUpdate().executeTakeFirst();
  if (!type) throw notFound(T.unknownItemType);
  return trx
    .selectFrom('item_type_sections')
    .select(['Section_Id as key', 'DisplayOrder'])
    .where('ItemType_Id', '=', itemTypeId)
    .orderBy('DisplayOrder')
    .orderBy('Id')
    .execute();
}

/** Gives the sections the orders 1..n in the given sequence, writing only the rows whose order changes. */
async function writeSectionOrder(
  trx: Kysely<DB>,
  itemTypeId: number,
  current: SectionOrder,
  sequence: readonly number[],
): Promise<OrderMap> {
  const orders = numbered(sequence);
  for (const [sectionId, DisplayOrder] of changedOrders(current, orders)) {
    await trx
      .updateTable('item_type_sections')
      .set({ DisplayOrder })
      .where('ItemType_Id', '=', itemTypeId)
      .where('Section_Id', '=', sectionId)
      .execute();
  }
  return orders;
}

async function requireLink(db: Kysely<DB>, itemTypeId: number, sectionId: number): Promise<void> {
  await findItemType(db, itemTypeId);
  const link = await db
    .selectFrom('item_type_sections')
    .select('Id')
    .where('ItemType_Id', '=', itemTypeId)
    .where('Section_Id', '=', sectionId)
    .executeTakeFirst();
  if (!link) throw notFound(T.sectionNotInItemType);
}

/** A section a create or update sends (schemas/itemTypeSection.json), Required filled in by validation. */
type SectionEntry = WithDefaults<Writable<ItemTypeSection>, 'Required'>;
const sectionsOf = (values: ApiRecord) => (values.Sections ?? []) as SectionEntry[];
const itemTypeValues = (values: ApiRecord) => ({ Name: String(values.Name), Description: String(values.Description) });

/**
 * Item templates (/item-types, spec 002 §2.3), the `item-types` declaration's store: a name, a header and an
 * ordered list of enabled section templates; names unique in any letter case. Disable/enable toggles Hidden in
 * the declared table. Assets are in itemTypeAssets.ts.
 */
export const itemTypesStore = defineStore({
  responses: { record: itemTypeResponse, list: { type: 'array', items: itemTypeResponse } },
  summaries: {
    list: 'Every item template (hidden ones too) with its sections in order and its assets',
    one: 'One item template with its sections in order and its assets',
    create: 'Create an item template with its sections (enabled section templates, in the order sent)',
    update: 'Change the name and header of an item template, and the Required flag of the sections sent',
    delete: 'Disable or enable an item template (toggles Hidden); answers the item template',
  },
  list: (context) => loadItemTypes(context.db),
  read: (context, key) => findItemType(context.db, Number(key)),
  async validate(context, values, existing, errors) {
    const sections = sectionsOf(values);
    await checkNameFree(context.db, String(values.Name), errors, existing ? Number(existing.Id) : undefined);
    if (!existing) {
      await checkSectionsUsable(context.db, sections.map((s) => s.SectionId), errors, (i) => `Sections[${i}].SectionId`);
      return;
    }
    const current = new Set((existing as unknown as ItemType).Sections.map((s) => s.SectionId));
    sections.forEach((s, i) => current.has(s.SectionId) || errors.add(`Sections[${i}].SectionId`, T.sectionNotInItemType));
  },
  async insert(context, values) {
    const { Id } = await context.db.insertInto('item_types').values(itemTypeValues(values)).returning('Id').executeTakeFirstOrThrow();
    const sections = sectionsOf(values);
    if (sections.length) {
      await context.db
        .insertInto('item_type_sections')
        .values(sections.map((s, i) => ({ ItemType_Id: Id, Section_Id: s.SectionId, Required: s.Required, DisplayOrder: i + 1 })))
        .execute();
    }
    return Id;
  },
  async change(context, key, values, existing) {
    const id = Number(key);
    const current = new Map((existing as unknown as ItemType).Sections.map((s) => [s.SectionId, s.Required]));
    await context.db.updateTable('item_types').set(itemTypeValues(values)).where('Id', '=', id).execute();
    for (const s of sectionsOf(values).filter((entry) => current.get(entry.SectionId) !== entry.Required)) {
      await context.db
        .updateTable('item_type_sections')
        .set({ Required: s.Required })
        .where('ItemType_Id', '=', id)
        .where('Section_Id', '=', s.SectionId)
        .execute();
    }
  },
});

/**
 * The sections of an item template (`item-type-sections`, keyed by the section template): added at the end,
 * removed with the others renumbered; each answer is the whole item template. The Required flag and the order are
 * named calls below.
 */
export const itemTypeSectionsStore = defineStore({
  responses: { write: itemTypeResponse },
  audit: { entity: 'item_types', entityId: (context) => context.parentKey, action: (action) => (action === 'create' ? 'add-section' : 'remove-section') },
  summaries: {
    create: 'Add an enabled section template at the end of an item template; answers the item template',
    delete: 'Remove a section from an item template (the others are renumbered); answers the item template',
  },
  async read(context, key) {
    const type = await findItemType(context.db, Number(context.parentKey));
    const section = type.Sections.find((s) => s.SectionId === Number(key));
    if (!section) throw notFound(T.sectionNotInItemType);
    return section;
  },
  async validate(context, values, _existing, errors) {
    const type = await findItemType(context.db, Number(context.parentKey));
    const sectionId = Number(values.SectionId);
    if (type.Sections.some((s) => s.SectionId === sectionId)) errors.add('SectionId', T.sectionAlreadyAdded);
    else await checkSectionsUsable(context.db, [sectionId], errors, () => 'SectionId');
  },
  async insert(context, values) {
    const itemTypeId = Number(context.parentKey);
    const SectionId = Number(values.SectionId);
    const order = await lockedSectionOrder(context.db, itemTypeId);
    if (order.some((s) => s.key === SectionId)) throw ValidationError.field('SectionId', T.sectionAlreadyAdded);
    const DisplayOrder = Math.max(0, ...order.map((s) => s.DisplayOrder)) + 1;
    await context.db.insertInto('item_type_sections').values({ ItemType_Id: itemTypeId, Section_Id: SectionId, Required: Boolean(values.Required), DisplayOrder }).execute();
    return SectionId;
  },
  async remove(context, key) {
    const itemTypeId = Number(context.parentKey);
    const order = await lockedSectionOrder(context.db, itemTypeId);
    await context.db.deleteFrom('item_type_sections').where('ItemType_Id', '=', itemTypeId).where('Section_Id', '=', Number(key)).execute();
    const rest = order.filter((s) => s.key !== Number(key));
    await writeSectionOrder(context.db, itemTypeId, rest, rest.map((s) => s.key));
  },
  answer: (context) => findItemType(context.db, Number(context.parentKey)),
});

/** The handlers of the item templates contract's operations (resources/itemTypes.ts): the Required flag and the order. */
export const itemTypesArea: ApiArea = {
  name: 'item-types',
  routes: operationRoutes(itemTypeOperations, {
    async setSectionRequired(request) {
      const { db } = request.server;
      const { id, sectionId } = request.params;
      await requireLink(db, id, sectionId);
      const { Required } = request.body;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('item_type_sections').set({ Required }).where('ItemType_Id', '=', id).where('Section_Id', '=', sectionId).execute();
        await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: id, action: 'update-section', fields: ['SectionId', 'Required'] });
      });
      return findItemType(db, id);
    },
    async swapSections(request) {
      const { db } = request.server;
      const id = request.params.id;
      const { SwapFromSection_Id: from, SwapToSection_Id: to } = request.body;
      return db.transaction().execute(async (trx) => {
        const order = await lockedSectionOrder(trx, id);
        const sequence = swapKeys(
          order.map((s) => s.key),
          { field: 'SwapFromSection_Id', key: from },
          { field: 'SwapToSection_Id', key: to },
          T.sectionNotInItemType,
        );
        const orders = await writeSectionOrder(trx, id, order, sequence);
        await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: id, action: 'reorder-sections', fields: ['DisplayOrder'] });
        return orders;
      });
    },
  }),
};
