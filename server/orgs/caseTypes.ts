import type { ApiRecord } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { badRequest, notFound } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { checkLookups } from '../resources/tableStore.js';
import orgCaseTypeSchema from '../../schemas/orgCaseType.json' with { type: 'json' };
import type { ObjectSchema } from '../../schemas/index.js';
import { applyInheritance, type Applied, type OrgChain } from './inheritance.js';
import { chainFilter, checkRange, copyRows, day, orgOfCall, type CopyMap } from './orgRecords.js';
import { isActive } from '../../shared/deadlines.js';
import { isoDay } from '../../shared/format.js';

const T = Texts.orgs.caseTypes;

interface RangeRow {
  Id: number;
  Org_Id: number;
  CaseType_Id: number;
  CaseTemplate_Id: number | null;
  BaseCost: number;
  ActiveFrom: string | null;
  ActiveTo: string | null;
}
interface FeeRow {
  Id: number;
  OrgCaseType_Id: number;
  DaysAfter: number;
  PriceAdjustment: number;
  IsPercentage: boolean;
  ForDiscontinued: boolean;
}

/** Case types inherit per case type: an org with any range of its own for one sees only its own. */
const byCaseType = (row: RangeRow) => String(row.CaseType_Id);

/** The ranges of a case type's org case types that apply to the org: its own, or the nearest ancestor's. */
export async function appliedRanges(db: Database, chain: OrgChain): Promise<Applied<RangeRow>[]> {
  const rows = await db
    .selectFrom('org_case_types')
    .select(['Id', 'Org_Id', 'CaseType_Id', 'CaseTemplate_Id', 'BaseCost', 'ActiveFrom', 'ActiveTo'])
    .where('Org_Id', 'in', chainFilter(chain))
    .execute();
  return applyInheritance(chain, rows as RangeRow[], byCaseType);
}

/** The answers of applied ranges: case type and template named, fees split into completed and discontinued (three queries). */
async function answered(db: Database, orgId: number, ranges: readonly Applied<RangeRow>[]): Promise<ApiRecord[]> {
  if (ranges.length === 0) return [];
  const ids = ranges.map((r) => r.Id);
  const typeIds = [...new Set(ranges.map((r) => r.CaseType_Id))];
  const templateIds = [...new Set(ranges.map((r) => r.CaseTemplate_Id).filter((id): id is number => id !== null))];
  const [fees, types, templates] = await Promise.all([
    db.selectFrom('case_fees').select(['Id', 'OrgCaseType_Id', 'DaysAfter', 'PriceAdjustment', 'IsPercentage', 'ForDiscontinued']).where('OrgCaseType_Id', 'in', ids).orderBy('DaysAfter').orderBy('Id').execute(),
    db.selectFrom('type_items').select(['Id', 'Short', 'Description']).where('Id', 'in', typeIds).execute(),
    templateIds.length ? db.selectFrom('case_templates').select(['Id', 'Label']).where('Id', 'in', templateIds).execute() : Promise.resolve([]),
  ]);
  const typeOf = new Map(types.map((t) => [t.Id, t]));
  const templateOf = new Map(templates.map((t) => [t.Id, t]));
  const feesOf = (rangeId: number, discontinued: boolean) => fees.filter((f) => f.OrgCaseType_Id === rangeId && f.ForDiscontinued === discontinued);
  return ranges.map((range) => ({
    ...range,
    Org_Id: orgId,
    CaseType: typeOf.get(range.CaseType_Id) ?? null,
    CaseTemplate: range.CaseTemplate_Id !== null ? (templateOf.get(range.CaseTemplate_Id) ?? null) : null,
    CompletedCaseFees: feesOf(range.Id, false),
    DiscontinuedCaseFees: feesOf(range.Id, true),
  }));
}

/** Newest range first, ranges with no start last; then by case type. */
const newestFirst = (a: RangeRow, b: RangeRow) =>
  a.CaseType_Id - b.CaseType_Id || (a.ActiveFrom === b.ActiveFrom ? b.Id - a.Id : a.ActiveFrom === null ? 1 : b.ActiveFrom === null ? -1 : b.ActiveFrom.localeCompare(a.ActiveFrom));

/** One applied range of the org, own or inherited; a 404 when the id is neither. */
async function appliedRange(context: StoreContext, rangeId: number) {
  const { orgId, chain } = await orgOfCall(context);
  const applied = await appliedRanges(context.db, chain);
  const range = applied.find((r) => r.Id === rangeId);
  if (!range) throw notFound(T.unknown);
  return { orgId, chain, applied, range };
}

/**
 * Makes the inherited ranges of a case type the org's own (an override): each range and its fees copied to the org,
 * in the caller's transaction. Answers the new ids of the ranges and of the fees.
 */
async function overrideCaseType(db: Database, orgId: number, applied: readonly Applied<RangeRow>[], caseTypeId: number): Promise<{ ranges: CopyMap; fees: CopyMap }> {
  const group = applied.filter((r) => r.CaseType_Id === caseTypeId && r.Inherited);
  const ranges = await copyRows(group, async (range) => {
    const { Id } = await db
      .insertInto('org_case_types')
      .values({ Org_Id: orgId, CaseType_Id: range.CaseType_Id, CaseTemplate_Id: range.CaseTemplate_Id, BaseCost: range.BaseCost, ActiveFrom: range.ActiveFrom, ActiveTo: range.ActiveTo })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  });
  const fees: CopyMap = new Map();
  if (ranges.size) {
    const rows = (await db.selectFrom('case_fees').selectAll().where('OrgCaseType_Id', 'in', [...ranges.keys()]).execute()) as FeeRow[];
    for (const [oldId, newId] of await copyRows(rows, async (fee) => {
      const { Id } = await db
        .insertInto('case_fees')
        .values({ OrgCaseType_Id: ranges.get(fee.OrgCaseType_Id)!, DaysAfter: fee.DaysAfter, PriceAdjustment: fee.PriceAdjustment, IsPercentage: fee.IsPercentage, ForDiscontinued: fee.ForDiscontinued })
        .returning('Id')
        .executeTakeFirstOrThrow();
      return Id;
    })) fees.set(oldId, newId);
  }
  return { ranges, fees };
}

/** The range of a write: the org's own, after an override when it was inherited. */
async function ownRange(context: StoreContext, rangeId: number): Promise<{ orgId: number; rangeId: number; fees: CopyMap }> {
  const { orgId, applied, range } = await appliedRange(context, rangeId);
  if (!range.Inherited) return { orgId, rangeId, fees: new Map() };
  const copied = await overrideCaseType(context.db, orgId, applied, range.CaseType_Id);
  return { orgId, rangeId: copied.ranges.get(rangeId)!, fees: copied.fees };
}

/**
 * The case types of an org (the Case Types tab), the `org-case-types` declaration's store: each row one date range
 * of a case type's price with its fees; the org's own ranges of a case type, or the nearest ancestor's (Inherited).
 * Changing an inherited range — or adding one with Override — first copies the inherited ranges and their fees to
 * the org, in the same transaction; inherited ranges are not deleted (they belong to the ancestor).
 */
export const orgCaseTypesStore = defineStore({
  audit: { entity: 'org_case_types' },
  summaries: {
    list: "The org's case types: each date range with its fees, the org's own or the nearest ancestor's (Inherited)",
    create:
      'Add a date range of a case type (its case type, template and base cost required); with Override or ?overrideCaseTypes=true ' +
      'the inherited ranges are copied to the org first; answers the range',
    update: 'Change the base cost and active range of a range; an inherited one becomes the org\'s own copy first; answers it',
    delete: 'Delete a range of the org, or with ?deleteAll=true every range of its case type and template; answers it',
  },
  async list(context) {
    const { orgId, chain } = await orgOfCall(context);
    const today = isoDay(context.now);
    const ranges = (await appliedRanges(context.db, chain)).filter((r) => context.query.onlyActive !== true || isActive(r, today)).sort(newestFirst);
    return answered(context.db, orgId, ranges);
  },
  async read(context, key, purpose) {
    const { orgId, range } = await appliedRange(context, Number(key));
    if (purpose === 'delete' && range.Inherited) throw badRequest(T.inheritedDelete);
    return (await answered(context.db, orgId, [range]))[0];
  },
  async validate(context, values, existing, errors) {
    checkRange(values, errors);
    if (existing) return;
    // A new range names its case type and template (orgCaseTypeCreate.json: a body without them is refused with the
    // base cost's message, all at once); an update keeps them. Both must exist.
    await checkLookups(context.db, orgCaseTypeSchema as ObjectSchema, values, errors);
    if (!(await context.db.selectFrom('case_templates').select('Id').where('Id', '=', Number(values.CaseTemplate_Id)).executeTakeFirst())) {
      errors.add('CaseTemplate_Id', 'Template is not a valid choice.');
    }
  },
  async insert(context, values) {
    const { orgId, chain } = await orgOfCall(context);
    const applied = await appliedRanges(context.db, chain);
    const caseTypeId = Number(values.CaseType_Id);
    const override = context.query.overrideCaseTypes === true || values.Override === true;
    if (override) await overrideCaseType(context.db, orgId, applied, caseTypeId);
    const { Id } = await context.db
      .insertInto('org_case_types')
      .values({
        Org_Id: orgId,
        CaseType_Id: caseTypeId,
        CaseTemplate_Id: Number(values.CaseTemplate_Id),
        BaseCost: Number(values.BasePrice),
        ActiveFrom: day(values.ActiveFrom),
        ActiveTo: day(values.ActiveTo),
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    const own = await ownRange(context, Number(key));
    await context.db
      .updateTable('org_case_types')
      .set({ BaseCost: Number(values.BasePrice), ActiveFrom: day(values.ActiveFrom), ActiveTo: day(values.ActiveTo) })
      .where('Id', '=', own.rangeId)
      .execute();
    return own.rangeId;
  },
  async remove(context, key, existing) {
    const { orgId } = await orgOfCall(context);
    let query = context.db.deleteFrom('org_case_types').where('Org_Id', '=', orgId);
    if (context.query.deleteAll === true) {
      query = query.where('CaseType_Id', '=', Number(existing.CaseType_Id));
      query = existing.CaseTemplate_Id == null ? query.where('CaseTemplate_Id', 'is', null) : query.where('CaseTemplate_Id', '=', Number(existing.CaseTemplate_Id));
    } else query = query.where('Id', '=', Number(key));
    await query.execute();
  },
});

/** A fee of a range that applies to the org (own or inherited); a 404 otherwise. */
async function appliedFee(context: StoreContext, feeId: number) {
  const fee = (await context.db.selectFrom('case_fees').selectAll().where('Id', '=', feeId).executeTakeFirst()) as FeeRow | undefined;
  if (!fee) throw notFound(T.unknownFee);
  const { range } = await appliedRange(context, fee.OrgCaseType_Id);
  return { fee, range };
}

const feeValues = (values: ApiRecord) => ({
  DaysAfter: Number(values.DaysAfter),
  PriceAdjustment: Number(values.PriceAdjustment),
  IsPercentage: Boolean(values.IsPercentage),
  ForDiscontinued: Boolean(values.ForDiscontinued),
});

/**
 * The fees of a range (`completed-case-fees`; the discontinued list uses the same calls). A fee added to, changed
 * on or deleted from an inherited range first makes the case type the org's own (its ranges and fees copied), then
 * applies the change to the copy.
 */
export const caseFeesStore = defineStore({
  audit: { entity: 'case_fees' },
  summaries: {
    create: 'Add a fee to a date range (an inherited range is copied to the org first); answers the fee',
    update: 'Change a fee (an inherited one is copied to the org first); answers the fee',
    delete: 'Delete a fee (from the org\'s copy, when it was inherited); answers the fee',
  },
  async read(context, key) {
    return (await appliedFee(context, Number(key))).fee;
  },
  async validate(context) {
    await appliedRange(context, Number(context.parentKey));
  },
  async insert(context, values) {
    const own = await ownRange(context, Number(context.parentKey));
    const { Id } = await context.db.insertInto('case_fees').values({ ...feeValues(values), OrgCaseType_Id: own.rangeId }).returning('Id').executeTakeFirstOrThrow();
    return Id;
  },
  async change(context, key, values) {
    const { fee } = await appliedFee(context, Number(key));
    const own = await ownRange(context, fee.OrgCaseType_Id);
    const feeId = own.fees.get(fee.Id) ?? fee.Id;
    await context.db.updateTable('case_fees').set(feeValues(values)).where('Id', '=', feeId).execute();
    return feeId;
  },
  async remove(context, key) {
    const { fee } = await appliedFee(context, Number(key));
    const own = await ownRange(context, fee.OrgCaseType_Id);
    await context.db.deleteFrom('case_fees').where('Id', '=', own.fees.get(fee.Id) ?? fee.Id).execute();
  },
});
