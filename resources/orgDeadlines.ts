import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/orgDeadline.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord, type ResourceDeclaration } from './declaration.js';
import { INHERITED_FILTER, ownRecord } from './orgCaseTypes.js';

const P = Permissions.Orgs;
const BASE = '/api/orgs/:Org_Id/deadlines';
const forCaseType = { caseTypeId: ':CaseType_Id' };

/**
 * The deadlines of an org case type (spec 002 §2.1 Deadlines, §3): CDs (the case's critical date) and ACDs (one
 * per item template), both from one call for the case type (`{ CaseTypes, ItemTypes }`); write answers are the
 * refreshed lists. The org's own, or the nearest ancestor's marked inherited (editing one copies them first).
 */
function deadlines(acd: boolean): ResourceDeclaration {
  const records = acd ? 'ItemTypes' : 'CaseTypes';
  /** A write answers the refreshed lists and the Id of the deadline it wrote. */
  const refreshed = { records, written: 'Id' };
  return defineResource({
    name: acd ? 'org-acds' : 'org-cds',
    key: 'Id',
    schema: schema as ObjectSchema,
    title: acd ? 'ACDs' : 'CDs',
    menu: { group: 'none', order: 0 },
    recordRepresentation: (r: ApiRecord) => `${String(r.DaysFromPending)} days`,
    parent: { resource: 'org-case-types', field: 'GroupKey', with: ['Org_Id', 'CaseType_Id'] },
    operations: {
      list: { method: 'GET', path: BASE, query: forCaseType, answer: { records } },
      create: { method: 'POST', path: BASE, answer: refreshed },
      update: { method: 'PUT', path: `${BASE}/:id`, query: forCaseType, answer: refreshed },
      delete: { method: 'DELETE', path: `${BASE}/:id`, query: forCaseType, answer: refreshed },
    },
    paging: 'browser',
    permissions: { view: [P.GET_ORG_DEADLINES], create: [P.ADD_ORG_DEADLINE], edit: [P.UPDATE_ORG_DEADLINE], delete: [P.DELETE_ORG_DEADLINE] },
    remove: { kind: 'delete', when: ownRecord },
    list: {
      filters: [INHERITED_FILTER],
      pageSize: PageSizes.DEADLINES,
      sort: { field: acd ? 'ItemType.Name' : 'ActiveFrom', order: 'ASC' },
    },
    form: { fields: [...(acd ? ['ItemType_Id'] : []), 'DaysFromPending', 'IsBusinessDays', 'StartOnFull', 'ActiveFrom', 'ActiveTo'] },
    callbacks: { beforeSave: (data) => ({ ...data, IsACD: acd }) },
  });
}

export const orgCds = deadlines(false);
/** The server builds the deadline calls from the CDs' declaration; the ACDs use the same calls. */
export const orgAcds: ResourceDeclaration = { ...deadlines(true), store: { routes: [] } };
