import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/orgCaseType.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import type { FilterDeclaration } from './screenParts.js';

const P = Permissions.Orgs;

/** An org case type's name: its case type's description (or short code); a case type itself names itself the same way. */
export const caseTypeName = (r: ApiRecord) => {
  const type = (r.CaseType as ApiRecord | undefined) ?? r;
  return String(type.Description ?? type.Short ?? '');
};

/** The group an org case type's date range belongs to: case type, template and whether it is inherited (spec: rows shown once). */
export const caseTypeGroupKey = (r: ApiRecord) => `${String(r.CaseType_Id)}-${String(r.CaseTemplate_Id ?? 0)}-${r.Inherited ? 'i' : 'o'}`;

/** Newest range first, ranges with no start last (spec 002 §2.1). */
export const newestRangeFirst = (a: ApiRecord, b: ApiRecord) =>
  String(b.ActiveFrom ?? '').localeCompare(String(a.ActiveFrom ?? '')) || Number(b.Id) - Number(a.Id);

/** What an answered range carries for the forms: its group, and the base cost as the BasePrice the writes send. */
export const shapeRange = (r: ApiRecord): ApiRecord => ({ ...r, GroupKey: caseTypeGroupKey(r), BasePrice: r.BaseCost });

/** One row per group: its newest range stands for it (the row's key and its delete-all call). */
function groupRanges(ranges: readonly ApiRecord[]): ApiRecord[] {
  const groups = new Map<string, ApiRecord>();
  for (const range of [...ranges].sort(newestRangeFirst)) if (!groups.has(String(range.GroupKey))) groups.set(String(range.GroupKey), range);
  return [...groups.values()];
}

/** Whether a record of an org list is the org's own: inherited ones belong to an ancestor, which alone deletes them. */
export const ownRecord = (r: ApiRecord) => !r.Inherited;

/** The Inherited filter of org lists (spec 002 §9: Show All, Inherited, Non-Inherited; src/orgs/InheritedFilter.tsx). */
export const INHERITED_FILTER: FilterDeclaration = { source: 'Inherited', match: 'equals' };

const BASE = '/api/orgs/:Org_Id/case-types';

/**
 * The case types of an org (the Case Types tab, spec 002 §2.1): one row per case type, template and inherited flag
 * (each stands for its date ranges, the `org-case-type-ranges` sub-resource), the org's own or the nearest
 * ancestor's. Adding needs a case type, a template and a base cost (`orgCaseTypeCreate.json`, the client's Add Case Type form
 * and the server alike); the row's delete removes every range (`deleteAll`).
 * A row expands into its ranges with their fees and, below, the case type's CDs and ACDs (for users who may read
 * deadlines): all generic sub-resource lists.
 */
export default defineResource({
  name: 'org-case-types',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Case Types',
  menu: { group: 'none', order: 0 },
  recordRepresentation: caseTypeName,
  parent: { resource: 'orgs', field: 'Org_Id' },
  operations: {
    // The case form reads the org's case types active today (spec 001 §7 `orgs/{clientId}/case-types?onlyActive=true`).
    list: { method: 'GET', path: BASE, query: { onlyActive: ':OnlyActive' }, access: [P.GET_ORG_CASE_TYPES, Permissions.Cases.CREATE_CASE, Permissions.Cases.EDIT_CASES] },
    // A new range names its case type, template and base cost (Add Case Type asks for all three; Add Date Range and
    // Override send their row's case type and template).
    create: { method: 'POST', path: BASE, query: { overrideCaseTypes: ':Override' }, bodySchema: 'orgCaseTypeCreate.json' },
    update: { method: 'PUT', path: `${BASE}/:id` },
    delete: { method: 'DELETE', path: `${BASE}/:id`, query: { deleteAll: true } },
  },
  paging: 'browser',
  permissions: {
    view: [P.GET_ORG_CASE_TYPES],
    create: [P.ADD_CASE_TYPE_TO_ORG],
    edit: [P.UPDATE_ORG_CASE_TYPE],
    delete: [P.REMOVE_CASE_TYPE_FROM_ORG],
  },
  remove: { kind: 'delete', when: ownRecord },
  list: {
    filters: [{ source: 'q', match: 'contains', matches: ['CaseType.Description', 'CaseType.Short', 'CaseTemplate.Label'] }, INHERITED_FILTER],
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'CaseType.Description', order: 'ASC' },
  },
  form: { fields: ['CaseType_Id', 'CaseTemplate_Id', 'BasePrice', 'ActiveFrom', 'ActiveTo'] },
  callbacks: { afterRead: shapeRange, afterReadList: groupRanges },
  subResources: ['org-case-type-ranges', 'org-cds', 'org-acds'],
});
