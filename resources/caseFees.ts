import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/caseFee.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord, type ResourceDeclaration } from './declaration.js';

const P = Permissions.Orgs;
const BASE = '/api/orgs/:Org_Id/case-types/:OrgCaseType_Id/fees';

/**
 * The fees of an org case type's date range (spec 002 §2.1, §3, §5): DaysAfter the critical date, an amount or a
 * percentage; completed and discontinued case fees are two lists of one kind of record, read from the range
 * (no list call). A change to a fee of an inherited range overrides the case type first (server).
 */
function caseFees(kind: 'completed' | 'discontinued'): ResourceDeclaration {
  const discontinued = kind === 'discontinued';
  return defineResource({
    name: `${kind}-case-fees`,
    key: 'Id',
    schema: schema as ObjectSchema,
    title: discontinued ? 'Discontinued Case Fees' : 'Completed Case Fees',
    menu: { group: 'none', order: 0 },
    recordRepresentation: (r: ApiRecord) => `${String(r.DaysAfter)} days`,
    parent: { resource: 'org-case-type-ranges', field: 'OrgCaseType_Id', with: ['Org_Id'] },
    operations: {
      create: { method: 'POST', path: BASE },
      update: { method: 'PUT', path: `${BASE}/:id` },
      delete: { method: 'DELETE', path: `${BASE}/:id` },
    },
    paging: 'browser',
    permissions: {
      view: [P.GET_ORG_CASE_TYPES],
      create: [P.ADD_FEE_TO_ORG_CASE_TYPE],
      edit: [P.UPDATE_FEE_ON_ORG_CASE_TYPE],
      delete: [P.DELETE_FEE_FROM_ORG_CASE_TYPE],
    },
    remove: { kind: 'delete' },
    list: {
      pageSize: PageSizes.UNPAGED,
      sort: { field: 'DaysAfter', order: 'ASC' },
      from: discontinued ? 'DiscontinuedCaseFees' : 'CompletedCaseFees',
    },
    form: { fields: ['DaysAfter', 'PriceAdjustment', 'IsPercentage'] },
    callbacks: { beforeSave: (data) => ({ ...data, ForDiscontinued: discontinued }) },
  });
}

export const completedCaseFees = caseFees('completed');
/** The server builds the fee calls from the completed list's declaration; both lists use them. */
export const discontinuedCaseFees: ResourceDeclaration = { ...caseFees('discontinued'), store: { routes: [] } };
