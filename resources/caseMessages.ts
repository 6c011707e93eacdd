import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/caseMessage.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

const P = Permissions.CaseMessages;

/**
 * The messages of a case (spec 001 §2 "Messages"): a sub-resource of `cases`, newest first, paged by 10 (the pager
 * shows only above 10); the date as MMMM DD YYYY, h:mm A and the text cut to 28 characters (whole on hover). Add
 * Message (the generic create dialog) sends the text to recipients chosen from `GET /api/cases/{id}/recipients`
 * (the `caseRecipients` input), each e-mailed.
 */
export default defineResource({
  name: 'case-messages',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Messages',
  menu: { group: 'none', order: 0 },
  recordRepresentation: () => 'Message',
  parent: { resource: 'cases', field: 'Case_Id' },
  operations: {
    list: { method: 'GET', path: '/api/cases/:Case_Id/messages' },
    create: { method: 'POST', path: '/api/cases/:Case_Id/messages' },
  },
  paging: 'browser',
  permissions: { view: [P.VIEW_MESSAGES], create: [P.CREATE_MESSAGE] },
  remove: { kind: 'none' },
  list: {
    pageSize: PageSizes.CASE_MESSAGES,
    sort: { field: 'CreatedDate', order: 'DESC' },
  },
  form: { fields: ['Recipients', 'Message'] },
});
