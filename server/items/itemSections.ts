import type { ApiRecord } from '../../resources/declaration.js';
import { isoDay } from '../../shared/format.js';
import { normalizeSectionDefinition } from '../../shared/sections.js';
import { lookupListsOf, sectionValues, type LookupValues } from '../../shared/sectionValues.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { ValidationError, notFound, type ModelStateBuilder } from '../http/errors.js';
import { defineStore, type StoreContext, type WriteAction } from '../resources/store.js';
import { caseInScope, type CaseRow } from '../cases/caseAccess.js';
import { sectionsOnItems, templateSections, type ItemSection } from './itemDetail.js';
import { noticeItems } from './itemHistory.js';
import { assertItemEditable, itemOfCase, type ItemRow } from './itemLocks.js';

const T = Texts.items.sections;
/** Where a refused section value is reported (spec 001 §8 "section update: the joined Definition errors"). */
const DEFINITION = 'Definition';
const SECTION = 'Section_Id';
/** A section change is a change of its item, audited under the item with these words. */
const AUDIT_ACTIONS: Record<WriteAction, string> = { create: 'add-section', update: 'update-section', delete: 'remove-section' };

/** A path's id: a positive whole number, else the case is unknown (404, never a 500 for bad input). */
function pathId(value: unknown): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound(Texts.cases.server.notFound);
  return id;
}

/**
 * The case and item of the call: the case in the caller's org scope, the item one the caller may see (an investigator:
 * their own), 404 otherwise. Writes lock both rows (case first, as every item write does) and refuse a locked item
 * with 409 and the reason (spec 001 §4).
 */
async function itemOfCall(context: StoreContext, write = false): Promise<{ caseRow: CaseRow; item: ItemRow }> {
  const caseRow = await caseInScope(context.db, context.auth, pathId(context.params.Case_Id), write);
  const item = await itemOfCase(context.db, context.auth, caseRow.Id, pathId(context.parentKey), write);
  if (write) await assertItemEditable(context.db, context.auth, caseRow, item);
  return { caseRow, item };
}

/** A section as the API answers it: the definition as JSON text, the section template's id and name. */
const answered = (section: ItemSection, caseId: number) => ({
  Id: section.Id,
  Case_Id: caseId,
  Item_Id: section.Item_Id,
  Section_Id: section.Section_Id,
  Section: { Id: section.Section_Id, SectionName: section.SectionName },
  Definition: typeof section.Definition === 'string' ? section.Definition : JSON.stringify(section.Definition ?? { fields: { field: [] } }),
  DisplayOrder: section.DisplayOrder,
});

const sectionsOf = async (db: Database, itemId: number) => (await sectionsOnItems(db, [itemId])).get(itemId) ?? [];

async function sectionOf(db: Database, itemId: number, sectionId: number): Promise<ItemSection> {
  const section = (await sectionsOf(db, itemId)).find((s) => s.Id === sectionId);
  if (!section) throw notFound(T.notFound);
  return section;
}

/** Why a section may not be added to the item (ModelState Section_Id), or null: not an enabled section of its template, or on the item already. */
async function refusedSection(db: Database, item: ItemRow, sectionId: number): Promise<string | null> {
  const offered = (await templateSections(db, item.ItemType_Id)).find((s) => s.Id === sectionId && s.Enabled);
  if (!offered) return T.notOffered;
  // An item keeps the version it was made from: the same section in another version counts as the same section.
  const name = offered.SectionName.trim().toLowerCase();
  const onItem = await sectionsOf(db, item.Id);
  return onItem.some((s) => s.Section_Id === sectionId || s.SectionName.trim().toLowerCase() === name) ? T.alreadyOnItem : null;
}

/** The visible Shorts of the lookup lists a definition uses, in one query. */
async function lookupValues(db: Database, stored: unknown): Promise<LookupValues> {
  const lists = lookupListsOf(stored);
  const values = new Map<string, Set<string>>(lists.map((list) => [list, new Set<string>()]));
  if (!lists.length) return values;
  const rows = await db.selectFrom('type_items').select(['TableName', 'Short']).where('TableName', 'in', lists).where('Hidden', '=', false).execute();
  for (const row of rows) values.get(row.TableName)?.add(row.Short);
  return values;
}

/** The definition to store for the sent text, over the stored definition (shared/sectionValues.ts), with its refusals. */
async function mergedDefinition(context: StoreContext, stored: unknown, sent: unknown) {
  return sectionValues(stored, typeof sent === 'string' ? sent : '', { lookups: await lookupValues(context.db, stored), today: isoDay(context.now) });
}

/** The item changed: its updated date, and the live notice to those who see the case (inside the write's transaction). */
async function touched(context: StoreContext, caseRow: CaseRow, item: ItemRow): Promise<void> {
  await context.db.updateTable('items').set({ UpdatedDate: context.now }).where('Id', '=', item.Id).execute();
  await noticeItems(context.db, caseRow.Id, [item], 'itemUpdated', context.auth.userId);
}

/**
 * The sections on an item, the `item-sections` declaration's store (spec 001 §2 "Item page", §3 "Item section", §7):
 * the list in the item's order; add an enabled section of the item's template that the item lacks (next in order,
 * the section template's definition without values); save a section's values (the stored settings kept, every sent
 * value checked against its field: shared/sectionValues.ts, refusals under ModelState Definition); remove a section.
 * Every call reads the case in the caller's scope and an item the caller may see (404 otherwise); writes lock the
 * item and obey its locks (409 with the reason), are audited as changes of the item and tell its viewers.
 */
export const itemSectionsStore = defineStore({
  audit: { entity: 'items', entityId: (context) => context.parentKey, action: (action) => AUDIT_ACTIONS[action] },
  summaries: {
    list: 'The sections on an item, in order: Id, Section_Id, Section (Id, SectionName), Definition (JSON text with the values), DisplayOrder',
    create:
      'Add a section to an item: an enabled section of its item template that the item lacks (400 ModelState Section_Id otherwise), next in order, ' +
      'with the section template\'s definition and no values (409 while the item is locked for the caller); answers the section',
    update:
      'Save a section\'s values (Definition as JSON text): the stored settings are kept and only the values taken, matched by @name; a value that does ' +
      'not suit its field is refused with 400 ModelState Definition, one sentence per value; empty required fields are allowed (the submit check ' +
      'refuses them); 409 while the item is locked for the caller; answers the section',
    delete: 'Remove a section and its values from an item (409 while the item is locked for the caller); answers the section',
  },
  async list(context) {
    const { caseRow, item } = await itemOfCall(context);
    return (await sectionsOf(context.db, item.Id)).map((s) => answered(s, caseRow.Id));
  },
  async read(context, key, purpose) {
    const { caseRow, item } = await itemOfCall(context);
    if (purpose !== 'read') await assertItemEditable(context.db, context.auth, caseRow, item);
    return answered(await sectionOf(context.db, item.Id, Number(key)), caseRow.Id);
  },
  async validate(context, values, existing, errors: ModelStateBuilder) {
    if (existing) {
      const { errors: refused } = await mergedDefinition(context, existing.Definition, values.Definition);
      for (const message of refused) errors.add(DEFINITION, message);
      return;
    }
    const { caseRow, item } = await itemOfCall(context);
    await assertItemEditable(context.db, context.auth, caseRow, item);
    const refusal = await refusedSection(context.db, item, Number(values.Section_Id));
    if (refusal) errors.add(SECTION, refusal);
  },
  async beforeWrite(context, action, values, existing) {
    if (action !== 'update' || !existing) return values;
    // Under the item's lock: the definition as stored now, the values merged into it once more.
    const { item } = await itemOfCall(context, true);
    const stored = await sectionOf(context.db, item.Id, Number(existing.Id));
    const { definition, errors } = await mergedDefinition(context, stored.Definition, values.Definition);
    if (errors.length || !definition) throw new ValidationError({ [DEFINITION]: errors });
    return { Definition: JSON.stringify(definition) } satisfies ApiRecord;
  },
  async insert(context, values) {
    const { db } = context;
    const { caseRow, item } = await itemOfCall(context, true);
    const sectionId = Number(values.Section_Id);
    const refusal = await refusedSection(db, item, sectionId);
    if (refusal) throw ValidationError.field(SECTION, refusal);
    const [template, last] = await Promise.all([
      db.selectFrom('sections').select('Template').where('Id', '=', sectionId).executeTakeFirstOrThrow(),
      db.selectFrom('item_sections').select((eb) => eb.fn.max('DisplayOrder').as('n')).where('Item_Id', '=', item.Id).executeTakeFirst(),
    ]);
    const { Id } = await db
      .insertInto('item_sections')
      .values({
        Item_Id: item.Id,
        Section_Id: sectionId,
        Definition: JSON.stringify(normalizeSectionDefinition(template.Template ?? { fields: { field: [] } })),
        DisplayOrder: Number(last?.n ?? 0) + 1,
        UpdatedDate: context.now,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    await touched(context, caseRow, item);
    return Id;
  },
  async change(context, key, values) {
    const { caseRow, item } = await itemOfCall(context, true);
    await context.db
      .updateTable('item_sections')
      .set({ Definition: String(values.Definition), UpdatedDate: context.now })
      .where('Id', '=', Number(key))
      .where('Item_Id', '=', item.Id)
      .execute();
    await touched(context, caseRow, item);
  },
  async remove(context, key) {
    const { caseRow, item } = await itemOfCall(context, true);
    await context.db.deleteFrom('item_sections').where('Id', '=', Number(key)).where('Item_Id', '=', item.Id).execute();
    await touched(context, caseRow, item);
  },
});
