import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import type { CaseRow } from '../cases/caseAccess.js';
import type { ItemDetail } from '../../schemas/types.js';
import type { FieldList } from '../../shared/sections.js';
import type { ItemSectionRef, TemplateSectionRef } from '../../shared/sectionCompleteness.js';
import { Texts } from '../../shared/texts/index.js';
import { itemsOfCase } from './caseItems.js';
import { itemLockReason, type ItemRow } from './itemLocks.js';

const T = Texts.items.server;

/** The item templates a case offers for Add Item: its case template's (not disabled), or every enabled one when it has none. */
export async function offeredItemTypes(db: Database, caseTemplateId: number | null): Promise<{ Id: number; Description: string }[]> {
  const rows = caseTemplateId
    ? await db
        .selectFrom('case_template_items as cti')
        .innerJoin('item_types as t', 't.Id', 'cti.ItemType_Id')
        .select(['t.Id', 't.Name', 't.Description'])
        .where('cti.CaseTemplate_Id', '=', caseTemplateId)
        .where('t.Hidden', '=', false)
        .orderBy('cti.DisplayOrder')
        .orderBy('cti.Id')
        .execute()
    : await db.selectFrom('item_types as t').select(['t.Id', 't.Name', 't.Description']).where('t.Hidden', '=', false).orderBy('t.Name').execute();
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.Id) && seen.add(r.Id)).map((r) => ({ Id: r.Id, Description: r.Description || r.Name }));
}

/** The sections of an item template in order (an item's AvailableSections): section id and name, Required, Enabled. */
export async function templateSections(db: Database, itemTypeId: number): Promise<TemplateSectionRef[]> {
  const rows = await db
    .selectFrom('item_type_sections as its')
    .innerJoin('sections as s', 's.Id', 'its.Section_Id')
    .select(['s.Id', 's.SectionName', 'its.Required', 's.Enabled'])
    .where('its.ItemType_Id', '=', itemTypeId)
    .orderBy('its.DisplayOrder')
    .orderBy('its.Id')
    .execute();
  return rows.map((r) => ({ Id: r.Id, SectionName: r.SectionName, Required: Boolean(r.Required), Enabled: Boolean(r.Enabled) }));
}

/** An item's section as stored: its row id and order beside what the completeness rules read. */
export interface ItemSection extends ItemSectionRef {
  Id: number;
  Item_Id: number;
  DisplayOrder: number;
}

/** The sections on items, by item, in each item's order. */
export async function sectionsOnItems(db: Database, itemIds: readonly number[]): Promise<Map<number, ItemSection[]>> {
  const byItem = new Map<number, ItemSection[]>();
  if (!itemIds.length) return byItem;
  const rows = await db
    .selectFrom('item_sections as x')
    .innerJoin('sections as s', 's.Id', 'x.Section_Id')
    .select(['x.Id', 'x.Item_Id', 'x.Section_Id', 'x.Definition', 'x.DisplayOrder', 's.SectionName'])
    .where('x.Item_Id', 'in', [...itemIds])
    .orderBy('x.DisplayOrder')
    .orderBy('x.Id')
    .execute();
  for (const row of rows) {
    const list = byItem.get(row.Item_Id) ?? [];
    list.push({ ...row, Definition: row.Definition as FieldList | string | null });
    byItem.set(row.Item_Id, list);
  }
  return byItem;
}

/**
 * Puts the item template's Required and Enabled sections on a new item, in template order, each with the section
 * template's definition and no values (the Auto Add items of a new case get theirs the same way).
 */
export async function addRequiredSections(db: Database, itemId: number, itemTypeId: number): Promise<void> {
  const required = (await templateSections(db, itemTypeId)).filter((s) => s.Required && s.Enabled);
  if (!required.length) return;
  const templates = await db.selectFrom('sections').select(['Id', 'Template']).where('Id', 'in', required.map((s) => s.Id)).execute();
  const byId = new Map(templates.map((t) => [t.Id, t.Template]));
  await db
    .insertInto('item_sections')
    .values(required.map((s, i) => ({ Item_Id: itemId, Section_Id: s.Id, Definition: JSON.stringify(byId.get(s.Id) ?? { fields: { field: [] } }), DisplayOrder: i + 1 })))
    .execute();
}

const definitionText = (definition: ItemSectionRef['Definition']) => (typeof definition === 'string' ? definition : JSON.stringify(definition ?? { fields: { field: [] } }));

/**
 * One item as the item page reads it (spec 001 §3 "Item"): the fields of the items table, the case it belongs to
 * (number, state, subject's last name, org code, case type, reviewer), its item template with the template's assets,
 * its sections (Definition as JSON text) and the template's sections (AvailableSections), and `LockedReason`: why
 * the caller may not change it (spec 001 §4), or null. Its shape is schemas/itemDetail.json (item.json's fields and what
 * the item page adds), the route's answer schema.
 */
export async function itemDetail(db: Database, auth: AuthContext, caseRow: CaseRow, item: ItemRow): Promise<ItemDetail> {
  const [listed] = await itemsOfCase(db, auth, caseRow.Id, [], [item.Id]);
  if (!listed) throw notFound(T.notFound);
  const [caseInfo, assets, sections, available, lockedReason] = await Promise.all([
    db
      .selectFrom('cases as c')
      .innerJoin('orgs as o', 'o.Id', 'c.Client_Id')
      .leftJoin('type_items as ct', 'ct.Id', 'c.CaseType_Id')
      .leftJoin('case_subjects as s', 's.Case_Id', 'c.Id')
      .leftJoin('users as rv', 'rv.Id', 'c.Reviewer_Id')
      .select(['o.Code', 'ct.Short as CaseTypeShort', 's.LastName', 'rv.Id as ReviewerId', 'rv.FirstName as ReviewerFirst', 'rv.LastName as ReviewerLast'])
      .where('c.Id', '=', caseRow.Id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('item_type_assets').select(['Id', 'Name']).where('ItemType_Id', '=', item.ItemType_Id).orderBy('Name').orderBy('Id').execute(),
    sectionsOnItems(db, [item.Id]),
    templateSections(db, item.ItemType_Id),
    itemLockReason(db, auth, caseRow, item),
  ]);
  return {
    ...listed,
    // The moment as the serializer writes a Date: ISO 8601 in UTC.
    CompletedDate: listed.CompletedDate?.toISOString() ?? null,
    ItemType: { ...listed.ItemType, Assets: assets },
    Case: {
      Id: caseRow.Id,
      CaseNumber: caseRow.CaseNumber,
      WorkflowState: caseRow.WorkflowState,
      Client_Id: caseRow.Client_Id,
      Subject: { LastName: caseInfo.LastName },
      Org: { Code: caseInfo.Code },
      CaseType: { Short: caseInfo.CaseTypeShort },
      Reviewer: caseInfo.ReviewerId === null ? null : { Id: caseInfo.ReviewerId, Name: `${caseInfo.ReviewerFirst ?? ''} ${caseInfo.ReviewerLast ?? ''}`.trim() },
    },
    Sections: (sections.get(item.Id) ?? []).map((s) => ({
      Id: s.Id,
      Section_Id: s.Section_Id,
      Section: { Id: s.Section_Id, SectionName: s.SectionName },
      Definition: definitionText(s.Definition),
      DisplayOrder: s.DisplayOrder,
    })),
    AvailableSections: available,
    LockedReason: lockedReason,
  };
}
