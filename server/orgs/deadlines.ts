import type { ApiRecord } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound, ValidationError } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { checkLookups } from '../resources/tableStore.js';
import orgDeadlineSchema from '../../schemas/orgDeadline.json' with { type: 'json' };
import type { ObjectSchema } from '../../schemas/index.js';
import { recordResponseSchema } from '../http/answerSchemas.js';
import { applyInheritance, type Applied, type OrgChain } from './inheritance.js';
import { chainFilter, checkRange, copyRows, day, orgOfCall } from './orgRecords.js';

const T = Texts.orgs.deadlines;

export interface DeadlineRow {
  Id: number;
  Org_Id: number;
  CaseType_Id: number;
  ItemType_Id: number | null;
  DaysFromPending: number;
  IsBusinessDays: boolean;
  StartOnFull: boolean;
  IsACD: boolean;
  ActiveFrom: string | null;
  ActiveTo: string | null;
}

/** Deadlines inherit per kind: the CDs of a case type as one set, the ACDs of each item template as one set. */
const byKind = (row: DeadlineRow) => (row.IsACD ? `acd-${String(row.ItemType_Id)}` : 'cd');

const COLUMNS = ['Id', 'Org_Id', 'CaseType_Id', 'ItemType_Id', 'DaysFromPending', 'IsBusinessDays', 'StartOnFull', 'IsACD', 'ActiveFrom', 'ActiveTo'] as const;

/** The deadline rules of a case type that apply to an org: its own, or the nearest ancestor's, per kind. */
export async function appliedDeadlines(db: Database, chain: OrgChain, caseTypeId: number): Promise<Applied<DeadlineRow>[]> {
  const rows = await db.selectFrom('org_deadlines').select(COLUMNS).where('Org_Id', 'in', chainFilter(chain)).where('CaseType_Id', '=', caseTypeId).execute();
  return applyInheritance(chain, rows as DeadlineRow[], byKind);
}

const byStart = (a: DeadlineRow, b: DeadlineRow) => String(a.ActiveFrom ?? '').localeCompare(String(b.ActiveFrom ?? '')) || a.Id - b.Id;

/** The answer of the deadline calls: `{ CaseTypes: CDs, ItemTypes: ACDs }`, the ACDs with their item template. */
async function listsOf(db: Database, orgId: number, rules: readonly Applied<DeadlineRow>[]) {
  const itemTypeIds = [...new Set(rules.map((r) => r.ItemType_Id).filter((id): id is number => id !== null))];
  const itemTypes = itemTypeIds.length ? await db.selectFrom('item_types').select(['Id', 'Name', 'Description']).where('Id', 'in', itemTypeIds).execute() : [];
  const itemTypeOf = new Map(itemTypes.map((t) => [t.Id, t]));
  const answer = (rule: Applied<DeadlineRow>) => ({ ...rule, Org_Id: orgId, ItemType: rule.ItemType_Id !== null ? (itemTypeOf.get(rule.ItemType_Id) ?? null) : null });
  const cds = rules.filter((r) => !r.IsACD).sort(byStart).map(answer);
  const acds = rules
    .filter((r) => r.IsACD)
    .map(answer)
    .sort((a, b) => String(a.ItemType?.Name ?? '').localeCompare(String(b.ItemType?.Name ?? '')) || byStart(a, b));
  return { CaseTypes: cds, ItemTypes: acds };
}

/** The case type a deadline call is about: ?caseTypeId, else the one of the deadline itself. */
async function caseTypeOf(context: StoreContext, deadlineId?: number): Promise<number> {
  const fromQuery = context.query.caseTypeId;
  if (typeof fromQuery === 'number') return fromQuery;
  if (deadlineId !== undefined) {
    const row = await context.db.selectFrom('org_deadlines').select('CaseType_Id').where('Id', '=', deadlineId).executeTakeFirst();
    if (row) return row.CaseType_Id;
    throw notFound(T.unknown);
  }
  throw ValidationError.field('caseTypeId', T.caseTypeRequired);
}

/** One deadline that applies to the org (own or inherited); a 404 otherwise. */
async function appliedDeadline(context: StoreContext, id: number) {
  const { orgId, chain } = await orgOfCall(context);
  const caseTypeId = await caseTypeOf(context, id);
  const applied = await appliedDeadlines(context.db, chain, caseTypeId);
  const rule = applied.find((r) => r.Id === id);
  if (!rule) throw notFound(T.unknown);
  return { orgId, chain, caseTypeId, applied, rule };
}

const ruleValues = (values: ApiRecord) => ({
  DaysFromPending: Number(values.DaysFromPending ?? 0),
  IsBusinessDays: Boolean(values.IsBusinessDays),
  StartOnFull: Boolean(values.StartOnFull),
  ActiveFrom: day(values.ActiveFrom),
  ActiveTo: day(values.ActiveTo),
});

/** A deadline as the lists answer it: the fields of schemas/orgDeadline.json, with its item template and where it is inherited from. */
const RULES = { type: 'array', items: recordResponseSchema(orgDeadlineSchema as ObjectSchema) };
const LISTS = { CaseTypes: RULES, ItemTypes: RULES };

/**
 * The deadlines of an org (CDs and ACDs of a case type), the `org-cds` declaration's store (the ACDs use the same
 * calls). Lists and every write answer the refreshed lists of the case type (a write with the Id it wrote). Changing an inherited deadline copies
 * its set (the case type's CDs, or one item template's ACDs) to the org first; inherited ones are not deleted.
 */
export const orgDeadlinesStore = defineStore({
  audit: { entity: 'org_deadlines' },
  responses: {
    list: { type: 'object', properties: LISTS, required: ['CaseTypes', 'ItemTypes'], additionalProperties: false },
    // Id: the deadline the write created, changed (the org's copy of an inherited one) or deleted.
    write: { type: 'object', properties: { ...LISTS, Id: { type: 'integer' } }, required: ['CaseTypes', 'ItemTypes', 'Id'], additionalProperties: false },
  },
  summaries: {
    list: 'The CDs and ACDs of a case type (?caseTypeId=) that apply to the org: { CaseTypes, ItemTypes }, own or inherited',
    create: 'Add a CD, or with IsACD an ACD of an item template; answers the refreshed { CaseTypes, ItemTypes }',
    update: 'Change a deadline (an inherited set is copied to the org first); answers the refreshed lists',
    delete: 'Delete a deadline of the org; answers the refreshed lists',
  },
  async list(context) {
    const { orgId, chain } = await orgOfCall(context);
    const caseTypeId = await caseTypeOf(context);
    return listsOf(context.db, orgId, await appliedDeadlines(context.db, chain, caseTypeId));
  },
  async read(context, key, purpose) {
    const { rule } = await appliedDeadline(context, Number(key));
    if (purpose === 'delete' && rule.Inherited) throw badRequest(T.inheritedDelete);
    return rule;
  },
  async validate(context, values, existing, errors) {
    checkRange(values, errors);
    const acd = existing ? Boolean(existing.IsACD) : values.IsACD === true;
    if (acd && values.ItemType_Id == null && !existing) errors.add('ItemType_Id', T.itemTypeRequired);
    if (values.ItemType_Id != null && !(await context.db.selectFrom('item_types').select('Id').where('Id', '=', Number(values.ItemType_Id)).executeTakeFirst())) {
      errors.add('ItemType_Id', 'Item Template is not a valid choice.');
    }
    if (!existing) await checkLookups(context.db, orgDeadlineSchema as ObjectSchema, values, errors);
  },
  async insert(context, values) {
    const { orgId } = await orgOfCall(context);
    const acd = values.IsACD === true;
    const { Id } = await context.db
      .insertInto('org_deadlines')
      .values({ ...ruleValues(values), Org_Id: orgId, CaseType_Id: Number(values.CaseType_Id), IsACD: acd, ItemType_Id: acd ? Number(values.ItemType_Id) : null })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    const { orgId, applied, rule } = await appliedDeadline(context, Number(key));
    let id = rule.Id;
    if (rule.Inherited) {
      const set = applied.filter((r) => byKind(r) === byKind(rule));
      const copies = await copyRows(set, async (row) => {
        const { Id } = await context.db
          .insertInto('org_deadlines')
          .values({ Org_Id: orgId, CaseType_Id: row.CaseType_Id, ItemType_Id: row.ItemType_Id, DaysFromPending: row.DaysFromPending, IsBusinessDays: row.IsBusinessDays, StartOnFull: row.StartOnFull, IsACD: row.IsACD, ActiveFrom: row.ActiveFrom, ActiveTo: row.ActiveTo })
          .returning('Id')
          .executeTakeFirstOrThrow();
        return Id;
      });
      id = copies.get(rule.Id)!;
    }
    const itemType = rule.IsACD && values.ItemType_Id != null ? { ItemType_Id: Number(values.ItemType_Id) } : {};
    await context.db.updateTable('org_deadlines').set({ ...ruleValues(values), ...itemType }).where('Id', '=', id).execute();
    return id;
  },
  async remove(context, key) {
    await context.db.deleteFrom('org_deadlines').where('Id', '=', Number(key)).execute();
  },
  async answer(context, _action, key, existing) {
    const { orgId, chain } = await orgOfCall(context);
    const caseTypeId = typeof context.query.caseTypeId === 'number' ? context.query.caseTypeId : Number(existing?.CaseType_Id ?? (await caseTypeOf(context, Number(key))));
    return { ...(await listsOf(context.db, orgId, await appliedDeadlines(context.db, chain, caseTypeId))), Id: Number(key) };
  },
});
