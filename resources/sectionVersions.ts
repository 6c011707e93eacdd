import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/sectionTemplate.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { sectionKey } from './sections.js';

const P = Permissions.Sections;
const version = (r: ApiRecord) => `${String(r.SectionName ?? '')} version ${String(r.Version ?? '')}`;

/**
 * The versions of a section template (spec 002 §2.4): a sub-resource of `sections`, read from the same list of
 * every version and kept to the expanded section's name. Editing opens the builder (saving makes a new version);
 * disable/enable toggles the version's Enabled flag (DELETE), seen here as Hidden = !Enabled.
 */
export default defineResource({
  name: 'section-versions',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: 'Section template versions',
  menu: { group: 'none', order: 0 },
  recordRepresentation: version,
  parent: { resource: 'sections', field: 'SectionKey' },
  operations: {
    list: { method: 'GET', path: '/api/sections' },
    // Saving a version posts the section again: the server answers the next version.
    update: { method: 'POST', path: '/api/sections' },
    delete: { method: 'DELETE', path: '/api/sections/:id' },
  },
  paging: 'browser',
  permissions: { view: [P.VIEW_SECTION_TEMPLATES], edit: [P.CREATE_SECTION_TEMPLATES], delete: [P.DELETE_SECTION_TEMPLATES] },
  remove: { kind: 'toggleHidden' },
  list: {
    pageSize: 1000,
    sort: { field: 'Version', order: 'DESC' },
  },
  form: { fields: ['SectionName', 'Template', 'ROITemplate'] },
  callbacks: { afterRead: (r) => ({ ...r, SectionKey: sectionKey(r), Hidden: r.Enabled === false }) },
  // Reading and saving versions are the calls of `sections`; the server builds only the toggle from here.
  store: { routes: ['delete'] },
});
