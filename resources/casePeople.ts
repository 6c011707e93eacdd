import { formatPersonName } from '../shared/format.js';
import { Permissions, Tags } from '../shared/permissions.js';
import type { Permission } from '../shared/permissions.js';
import schema from '../schemas/person.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord, type ResourceDeclaration } from './declaration.js';

const P = Permissions.Cases;
const name = (r: ApiRecord) => formatPersonName(r);

/**
 * The people a case form picks from for a client org (spec 001 §7 "Dropdown sources"), each a lookup whose list
 * call names the org (`:Client_Id`, taken from the form): no screen of its own, served by server/cases/people.ts.
 */
function casePeople(resource: string, path: string, title: string, view: readonly Permission[]): ResourceDeclaration {
  return defineResource({
    name: resource,
    key: 'Id',
    schema: schema as ObjectSchema,
    title,
    menu: { group: 'none', order: 0 },
    recordRepresentation: name,
    operations: { list: { method: 'GET', path } },
    paging: 'browser',
    permissions: { view },
    remove: { kind: 'none' },
    list: { pageSize: 1000, sort: { field: 'LastName', order: 'ASC' } },
    form: { fields: [] },
    store: { routes: [] },
  });
}

const tag = (t: string) => encodeURIComponent(t);

export const requestingOfficials = casePeople('case-requesting-officials', '/api/cases/requesting-official/:Client_Id', 'Requesting Officials', [P.CREATE_CASE, P.EDIT_CASES]);
export const dataEntryClerks = casePeople('case-data-entry-clerks', `/api/cases/assignees/:Client_Id/${tag(Tags.DATA_ENTRY)}`, 'Data Entry Clerks', [P.CREATE_CASE, P.ASSIGN_DATA_ENTRY]);
export const caseReviewers = casePeople('case-reviewers', `/api/cases/assignees/:Client_Id/${tag(Tags.REVIEWER)}`, 'Reviewers', [P.CREATE_CASE, P.ASSIGN_REVIEWER]);
