import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/casePaper.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { casePaperOperations } from './casePaperOperations.js';

const P = Permissions.CaseAttachments;
const name = (r: ApiRecord) => String(r.Name ?? '');

/**
 * The papers of a case (spec 001 §2 "Papers"): a sub-resource of `cases`, newest first, all shown (no pager);
 * delete after confirmation. Uploading (multipart, zips extracted), downloading and adding tracking info are the
 * contract's named operations (casePaperOperations.ts), drawn by the views of src/cases/caseViews.ts: the name
 * downloads the file, the tracking number links to its carrier, and the drop zone and Add Tracking Info sit beside
 * the list (for users who may call `upload`). The first paper moves a case awaiting papers on to
 * AWAITING_DATA_ENTRY.
 */
export default defineResource({
  name: 'case-papers',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Papers',
  menu: { group: 'none', order: 0 },
  recordRepresentation: name,
  parent: { resource: 'cases', field: 'Case_Id' },
  operations: {
    list: { method: 'GET', path: '/api/cases/:Case_Id/attachments' },
    delete: { method: 'DELETE', path: '/api/cases/:Case_Id/attachments/:id' },
  },
  paging: 'browser',
  named: casePaperOperations,
  permissions: { view: [P.VIEW_ATTACHMENTS], delete: [P.DELETE_ATTACHMENTS] },
  remove: { kind: 'delete' },
  list: {
    // Spec 001 §2: "may be paged at 5 per page but all are shown" — every paper shows (docs/decisions.md "Case papers").
    pageSize: PageSizes.UNPAGED,
    sort: { field: 'CreatedDate', order: 'DESC' },
  },
  form: { fields: ['Name', 'FedExTracking'] },
});
