import type { Kysely } from 'kysely';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import type { Database } from '../db/database.js';
import type { DB, RowUpdate } from '../db/schema.js';
import { ModelStateBuilder, notFound } from '../http/errors.js';
import { checkXslt, xsltValue } from './xml.js';

const T = ConfigurationTexts.caseTemplates;

export const XSLT_FIELDS = ['ROICoversheetTemplate', 'ROIStylesheet', 'ROIHeader', 'ROIFooter'] as const;

import type { CaseTemplate, CaseTemplateBody, CaseTemplateItem, CaseTemplateItemInput } from '../../shared/api/configuration.js';

export type { CaseTemplate, CaseTemplateBody, CaseTemplateItem, CaseTemplateItemInput };

const nullableText = { type: ['string', 'null'] } as const;
export const caseTemplateResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Label: { type: 'string' },
    CaseType_Id: { type: ['integer', 'null'] },
    ContractType_Id: { type: 'integer' },
    ContractType: {
      type: ['object', 'null'],
      properties: { Id: { type: 'integer' }, Description: nullableText },
    },
    ROICoversheetTemplate: nullableText,
    ROIStylesheet: nullableText,
    ROIHeader: nullableText,
    ROIFooter: nullableText,
    ShowCoverPage: { type: 'boolean' },
    Items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Id: { type: 'integer' },
          ItemType: {
            type: 'object',
            properties: { Id: { type: 'integer' }, Short: { type: 'string' }, Description: nullableText },
          },
          AutoAdd: { type: 'boolean' },
          ShowInReport: { type: 'boolean' },
          ShowTitle: { type: 'boolean' },
          DisplayOrder: { type: 'integer' },
        },
      },
    },
  },
} as const;

/** Case templates by label (or the given ones) with contract type and items in display order: two queries. */
export async function loadCaseTemplates(db: Kysely<DB>, ids?: readonly number[]): Promise<CaseTemplate[]> {
  let query = db
    .selectFrom('case_templates as t')
    .leftJoin('type_items as c', 'c.Id', 't.ContractType_Id')
    .select([
      't.Id', 't.Label', 't.CaseType_Id', 't.ContractType_Id', 't.ROICoversheetTemplate', 't.ROIStylesheet', 't.ROIHeader',
      't.ROIFooter', 't.ShowCoverPage', 'c.Id as ContractId', 'c.Description as ContractDescription',
    ])
    .orderBy('t.Label')
    .orderBy('t.Id');
  if (ids) query = query.where('t.Id', 'in', ids.length ? ids : [0]);
  const templates = await query.execute();
  if (!templates.length) return [];
  const items = await db
    .selectFrom('case_template_items as i')
    .innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id')
    .select(['i.Id', 'i.CaseTemplate_Id', 'i.AutoAdd', 'i.ShowInReport', 'i.ShowTitle', 'i.DisplayOrder', 'it.Id as TypeId', 'it.Name', 'it.Description'])
    .where('i.CaseTemplate_Id', 'in', templates.map((t) => t.Id))
    .orderBy('i.CaseTemplate_Id')
    .orderBy('i.DisplayOrder')
    .orderBy('i.Id')
    .execute();
  const itemsOf = new Map<number, CaseTemplateItem[]>();
  for (const { CaseTemplate_Id, TypeId, Name, Description, ...item } of items) {
    itemsOf.set(CaseTemplate_Id, [...(itemsOf.get(CaseTemplate_Id) ?? []), { ...item, ItemType: { Id: TypeId, Short: Name, Description } }]);
  }
  return templates.map(({ ContractId, ContractDescription, ...template }) => ({
    ...template,
    ContractType: ContractId === null ? null : { Id: ContractId, Description: ContractDescription },
    Items: itemsOf.get(template.Id) ?? [],
  }));
}

export async function findCaseTemplate(db: Kysely<DB>, id: number): Promise<CaseTemplate> {
  const [template] = await loadCaseTemplates(db, [id]);
  if (!template) throw notFound(T.unknownCaseTemplate);
  return template;
}

/** CaseType_Id 0 (the client's default) means no case type. */
export const caseTypeOf = (body: CaseTemplateBody) => (body.CaseType_Id ? body.CaseType_Id : null);

/** Case template labels are unique in any letter case (migration 011 backs this with an index). */
async function checkLabelFree(db: Kysely<DB>, label: string, errors: ModelStateBuilder, exceptId?: number): Promise<void> {
  let query = db.selectFrom('case_templates').select('Id').where((eb) => eb(eb.fn('lower', ['Label']), '=', label.toLowerCase()));
  if (exceptId !== undefined) query = query.where('Id', '<>', exceptId);
  if (await query.executeTakeFirst()) errors.add('Label', T.labelTaken);
}

/**
 * The label is free (other than the template's own, when updating `exceptId`), lookups name items of the right
 * lists, item templates exist, XSLT texts are well-formed; throws 400 ModelState.
 */
export async function checkCaseTemplate(db: Database, body: CaseTemplateBody, exceptId?: number): Promise<void> {
  const errors = new ModelStateBuilder();
  await checkLabelFree(db, body.Label.trim(), errors, exceptId);
  const caseType = caseTypeOf(body);
  const lookupIds = caseType ? [body.ContractType_Id, caseType] : [body.ContractType_Id];
  const lookups = await db.selectFrom('type_items').select(['Id', 'TableName']).where('Id', 'in', lookupIds).execute();
  const listOf = new Map(lookups.map((row) => [row.Id, row.TableName]));
  if (listOf.get(body.ContractType_Id) !== 'ContractType') errors.add('ContractType_Id', T.invalidChoice('Contract Type'));
  if (caseType && listOf.get(caseType) !== 'CaseType') errors.add('CaseType_Id', T.invalidChoice('Case Type'));

  const items = body.ItemTypeIds ?? [];
  if (items.length) {
    const found = await db.selectFrom('item_types').select('Id').where('Id', 'in', items.map((i) => i.ItemType_Id)).execute();
    const known = new Set(found.map((row) => row.Id));
    items.forEach((item, i) => known.has(item.ItemType_Id) || errors.add(`ItemTypeIds[${i}].ItemType_Id`, T.unknownItemType));
  }
  for (const field of XSLT_FIELDS) checkXslt(errors, field, body[field]);
  errors.throwIfInvalid();
}

type TemplateColumns = { Label: string; ContractType_Id: number } & RowUpdate<'case_templates'>;

/** The template row's columns from a body; on update, optional fields that were not sent stay as they are. */
export function templateValues(body: CaseTemplateBody, creating: boolean): TemplateColumns {
  const values: TemplateColumns = { Label: body.Label.trim(), ContractType_Id: body.ContractType_Id };
  if (creating || body.CaseType_Id !== undefined) values.CaseType_Id = caseTypeOf(body);
  for (const field of XSLT_FIELDS) if (creating || body[field] !== undefined) values[field] = xsltValue(body[field]);
  if (creating || body.ShowCoverPage !== undefined) values.ShowCoverPage = body.ShowCoverPage ?? true;
  return values;
}

/** Replaces a template's items: ordered by DisplayOrder (unset last), then as sent, and numbered 1..n. */
export async function replaceItems(trx: Kysely<DB>, templateId: number, items: readonly CaseTemplateItemInput[]): Promise<void> {
  await trx.deleteFrom('case_template_items').where('CaseTemplate_Id', '=', templateId).execute();
  if (!items.length) return;
  const ordered = items
    .map((item, index) => ({ item, index, key: item.DisplayOrder ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.key - b.key || a.index - b.index);
  await trx
    .insertInto('case_template_items')
    .values(ordered.map(({ item }, position) => ({
      CaseTemplate_Id: templateId,
      ItemType_Id: item.ItemType_Id,
      AutoAdd: item.AutoAdd,
      ShowInReport: item.ShowInReport,
      ShowTitle: item.ShowTitle,
      DisplayOrder: position + 1,
    })))
    .execute();
}

/** Whether an item list change adds or removes item templates (compared as multisets of ItemType_Id) or puts the kept ones in another order. */
export function itemChanges(
  before: readonly number[],
  after: readonly number[],
): { adds: boolean; removes: boolean; reorders: boolean } {
  const balance = new Map<number, number>();
  for (const id of before) balance.set(id, (balance.get(id) ?? 0) + 1);
  for (const id of after) balance.set(id, (balance.get(id) ?? 0) - 1);
  const values = [...balance.values()];
  const kept = keptSequence(before, after);
  const reorders = kept.join(',') !== keptSequence(after, before).join(',');
  return { adds: values.some((v) => v < 0), removes: values.some((v) => v > 0), reorders };
}

/** The ids of `sequence` that `other` also holds (as many times as both hold them), in `sequence`'s order. */
function keptSequence(sequence: readonly number[], other: readonly number[]): number[] {
  const budget = new Map<number, number>();
  for (const id of other) budget.set(id, (budget.get(id) ?? 0) + 1);
  return sequence.filter((id) => {
    const left = budget.get(id) ?? 0;
    budget.set(id, left - 1);
    return left > 0;
  });
}

/** What keeps a template from being deleted: the cases and org case types that use it (spec 002 §8). */
export async function templateUsage(db: Kysely<DB>, templateId: number, caseLimit: number) {
  const Cases = await db
    .selectFrom('cases')
    .select(['Id', 'CaseNumber'])
    .where('CaseTemplate_Id', '=', templateId)
    .orderBy('CaseNumber')
    .limit(caseLimit)
    .execute();
  const OrgCaseTypes = await db
    .selectFrom('org_case_types as oct')
    .innerJoin('orgs as o', 'o.Id', 'oct.Org_Id')
    .select(['o.Id as Org_Id', 'o.Name'])
    .distinct()
    .where('oct.CaseTemplate_Id', '=', templateId)
    .orderBy('o.Name')
    .orderBy('o.Id')
    .execute();
  return { Cases, OrgCaseTypes };
}
