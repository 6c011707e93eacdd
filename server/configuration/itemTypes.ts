import type { Kysely } from 'kysely';
import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit.js';
import type { DB } from '../db/schema.js';
import { authOf } from '../http/access.js';
import { ModelStateBuilder, notFound, ValidationError } from '../http/errors.js';
import { anyOf, idParams, route, type ApiArea } from '../http/route.js';
import { checkNameFree, checkSectionsUsable, findItemType, itemTypeResponse, loadItemTypes } from './itemTypeStore.js';
import { changedOrders, numbered, orderMapResponse, swapKeys, type OrderMap } from './ordering.js';

const T = ConfigurationTexts.itemTypes;
const P = Permissions.ItemTypes;

interface SectionEntry {
  SectionId: number;
  Required: boolean;
}
interface ItemTypeBody {
  Name: string;
  Description: string;
  Sections?: SectionEntry[];
}
type SectionParams = { id: number; sectionId: number };

const sectionParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, sectionId: { type: 'integer', minimum: 1 } },
  required: ['id', 'sectionId'],
} as const;

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

/**
 * Item templates (/item-types, spec 002 §2.3): name, header and an ordered list of section templates. Assets are in
 * itemTypeAssets.ts.
 */
export const itemTypesArea: ApiArea = {
  name: 'item-types',
  routes: [
    route({
      method: 'GET',
      url: '/api/item-types',
      // The case template editor picks item templates from this list.
      access: anyOf(P.VIEW_ITEM_TYPES, Permissions.Cases.CREATE_CASE_TEMPLATE),
      summary: 'Every item template (hidden ones too) with its sections in order and its assets',
      schema: { response: { 200: { type: 'array', items: itemTypeResponse } } },
      async handler(request) {
        return loadItemTypes(request.server.db);
      },
    }),
    route<{ Body: ItemTypeBody }>({
      method: 'POST',
      url: '/api/item-types',
      access: anyOf(P.CREATE_ITEM_TYPES),
      summary: 'Create an item template with its sections (enabled section templates, in the order sent)',
      schema: { body: { $ref: 'itemType.json' }, response: { 200: itemTypeResponse } },
      async handler(request) {
        const { db } = request.server;
        const body = request.body;
        const sections = body.Sections ?? [];
        const errors = new ModelStateBuilder();
        const values = { Name: body.Name.trim(), Description: body.Description.trim() };
        await checkNameFree(db, values.Name, errors);
        await checkSectionsUsable(db, sections.map((s) => s.SectionId), errors, (i) => `Sections[${i}].SectionId`);
        errors.throwIfInvalid();
        const id = await db.transaction().execute(async (trx) => {
          const { Id } = await trx.insertInto('item_types').values(values).returning('Id').executeTakeFirstOrThrow();
          if (sections.length) {
            await trx
              .insertInto('item_type_sections')
              .values(sections.map((s, i) => ({ ItemType_Id: Id, Section_Id: s.SectionId, Required: s.Required, DisplayOrder: i + 1 })))
              .execute();
          }
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: Id, action: 'create', changes: { ...values, Sections: sections } });
          return Id;
        });
        return findItemType(db, id);
      },
    }),
    route<{ Params: { id: number }; Body: ItemTypeBody }>({
      method: 'PATCH',
      url: '/api/item-types/:id',
      access: anyOf(P.EDIT_ITEM_TYPES),
      summary: 'Change the name and header of an item template, and the Required flag of the sections sent',
      schema: { params: idParams, body: { $ref: 'itemType.json' }, response: { 200: itemTypeResponse } },
      async handler(request) {
        const { db } = request.server;
        const type = await findItemType(db, request.params.id);
        const current = new Map(type.Sections.map((s) => [s.SectionId, s.Required]));
        const sections = request.body.Sections ?? [];
        const errors = new ModelStateBuilder();
        const values = { Name: request.body.Name.trim(), Description: request.body.Description.trim() };
        await checkNameFree(db, values.Name, errors, type.Id);
        sections.forEach((s, i) => current.has(s.SectionId) || errors.add(`Sections[${i}].SectionId`, T.sectionNotInItemType));
        errors.throwIfInvalid();
        const changed = sections.filter((s) => current.get(s.SectionId) !== s.Required);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('item_types').set(values).where('Id', '=', type.Id).execute();
          for (const s of changed) {
            await trx
              .updateTable('item_type_sections')
              .set({ Required: s.Required })
              .where('ItemType_Id', '=', type.Id)
              .where('Section_Id', '=', s.SectionId)
              .execute();
          }
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: type.Id, action: 'update', changes: { ...values, Sections: changed } });
        });
        return findItemType(db, type.Id);
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'DELETE',
      url: '/api/item-types/:id',
      access: anyOf(P.DELETE_ITEM_TYPES),
      summary: 'Disable or enable an item template (toggles Hidden); answers the item template',
      schema: { params: idParams, response: { 200: itemTypeResponse } },
      async handler(request) {
        const { db } = request.server;
        const type = await findItemType(db, request.params.id);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('item_types').set({ Hidden: !type.Hidden }).where('Id', '=', type.Id).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: type.Id, action: type.Hidden ? 'restore' : 'hide' });
        });
        return { ...type, Hidden: !type.Hidden };
      },
    }),
    route<{ Params: { id: number }; Body: SectionEntry }>({
      method: 'POST',
      url: '/api/item-types/:id/sections',
      access: anyOf(P.ADD_SECTION_TO_ITEM_TYPE),
      summary: 'Add an enabled section template at the end of an item template; answers the item template',
      schema: { params: idParams, body: { $ref: 'itemTypeSection.json' }, response: { 200: itemTypeResponse } },
      async handler(request) {
        const { db } = request.server;
        const type = await findItemType(db, request.params.id);
        const { SectionId, Required } = request.body;
        const errors = new ModelStateBuilder();
        if (type.Sections.some((s) => s.SectionId === SectionId)) errors.add('SectionId', T.sectionAlreadyAdded);
        else await checkSectionsUsable(db, [SectionId], errors, () => 'SectionId');
        errors.throwIfInvalid();
        await db.transaction().execute(async (trx) => {
          const order = await lockedSectionOrder(trx, type.Id);
          if (order.some((s) => s.key === SectionId)) throw ValidationError.field('SectionId', T.sectionAlreadyAdded);
          const DisplayOrder = Math.max(0, ...order.map((s) => s.DisplayOrder)) + 1;
          await trx.insertInto('item_type_sections').values({ ItemType_Id: type.Id, Section_Id: SectionId, Required, DisplayOrder }).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: type.Id, action: 'add-section', changes: { SectionId, Required } });
        });
        return findItemType(db, type.Id);
      },
    }),
    route<{ Params: SectionParams; Body: { Required: boolean } }>({
      method: 'POST',
      url: '/api/item-types/:id/sections/:sectionId',
      access: anyOf(P.EDIT_ITEM_TYPES),
      summary: 'Set whether a section of an item template is required; answers the item template',
      schema: { params: sectionParams, body: { $ref: 'itemTypeSectionRequired.json' }, response: { 200: itemTypeResponse } },
      async handler(request) {
        const { db } = request.server;
        const { id, sectionId } = request.params;
        await requireLink(db, id, sectionId);
        const { Required } = request.body;
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('item_type_sections').set({ Required }).where('ItemType_Id', '=', id).where('Section_Id', '=', sectionId).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: id, action: 'update-section', changes: { SectionId: sectionId, Required } });
        });
        return findItemType(db, id);
      },
    }),
    route<{ Params: SectionParams }>({
      method: 'DELETE',
      url: '/api/item-types/:id/sections/:sectionId',
      access: anyOf(P.REMOVE_SECTION_FROM_ITEM_TYPE),
      summary: 'Remove a section from an item template (the others are renumbered); answers the item template',
      schema: { params: sectionParams, response: { 200: itemTypeResponse } },
      async handler(request) {
        const { db } = request.server;
        const { id, sectionId } = request.params;
        await requireLink(db, id, sectionId);
        await db.transaction().execute(async (trx) => {
          const order = await lockedSectionOrder(trx, id);
          await trx.deleteFrom('item_type_sections').where('ItemType_Id', '=', id).where('Section_Id', '=', sectionId).execute();
          const rest = order.filter((s) => s.key !== sectionId);
          await writeSectionOrder(trx, id, rest, rest.map((s) => s.key));
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: id, action: 'remove-section', changes: { SectionId: sectionId } });
        });
        return findItemType(db, id);
      },
    }),
    route<{ Params: { id: number }; Body: { SwapFromSection_Id: number; SwapToSection_Id: number } }>({
      method: 'PUT',
      url: '/api/item-types/:id/sections/swap',
      access: anyOf(P.REORDER_ITEM_TYPE_SECTIONS),
      summary: 'Swap two sections of an item template; answers section id → new display order for all its sections',
      schema: { params: idParams, body: { $ref: 'itemTypeSectionSwap.json' }, response: { 200: orderMapResponse } },
      async handler(request) {
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
          await audit(trx, { userId: authOf(request).userId, entity: 'item_types', entityId: id, action: 'reorder-sections', changes: { from, to } });
          return orders;
        });
      },
    }),
  ],
};
