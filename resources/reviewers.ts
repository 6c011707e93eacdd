import { formatPersonName } from '../shared/format.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/person.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';

const P = Permissions.Cases;
const name = (r: ApiRecord) => formatPersonName(r);

/**
 * The reviewers (spec 001 §7 `GET /api/reviewers`): the users of the groups tagged reviewer. A lookup read by the
 * cases list's Reviewer filter and its bulk Assign Reviewer; no screen of its own.
 */
export default defineResource({
  name: 'reviewers',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Reviewers',
  menu: { group: 'none', order: 0 },
  recordRepresentation: name,
  operations: { list: { method: 'GET', path: '/api/reviewers', access: [P.ASSIGN_REVIEWER, P.VIEW_CASES] } },
  paging: 'browser',
  permissions: { view: [P.VIEW_CASES, P.ASSIGN_REVIEWER] },
  remove: { kind: 'none' },
  list: { pageSize: 100, sort: { field: 'LastName', order: 'ASC' } },
  form: { fields: [] },
});
