import { Permissions } from '../shared/permissions.js';
import schema from '../schemas/sectionTemplate.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


const P = Permissions.Sections;

/** The key of a section: its name, ignoring letter case (versions of one section share it). */
export const sectionKey = (r: ApiRecord) => String(r.SectionName ?? '').toLowerCase();

/** Versions grouped by section name, one row per section holding its latest version. */
export function groupSections(versions: readonly ApiRecord[]): ApiRecord[] {
  const latest = new Map<string, ApiRecord>();
  for (const version of versions) {
    const current = latest.get(sectionKey(version));
    if (!current || Number(version.Version) > Number(current.Version)) latest.set(sectionKey(version), version);
  }
  return [...latest.values()].map((r) => ({ ...r, SectionKey: sectionKey(r), LatestVersion: r.Version }));
}

/** The section templates contract's named operation: a version's report XSLT. Handler: server/configuration/sectionTemplates.ts. */
export const sectionOperations = defineOperations({
  saveRoi: {
    method: 'PUT',
    path: '/api/sections/:id/roi',
    access: anyOf(P.ADMIN_SECTION_TEMPLATES),
    summary: 'Save the report (ROI) XSLT of one section template version; the XSLT must be well-formed XML',
    body: 'sectionRoi.json',
    answer: 'sectionTemplate.json',
  },
});

/**
 * Section templates (/sections): spec 002 §2.4. The API answers every version; the list shows one row per section
 * name (its latest version), which expands into the versions (`section-versions`). Adding and editing is the field
 * builder (its create view, src/sections/SectionBuilderSlot.tsx); saving under an existing name makes the next version.
 */
export default defineResource({
  name: 'sections',
  key: 'SectionKey',
  route: '/sections',
  schema: schema as ObjectSchema,
  title: 'Section Templates',
  menu: { group: 'admin', order: 4 },
  recordRepresentation: (r) => String(r.SectionName ?? ''),
  operations: {
    // The item template screens pick sections from this list, so their add permissions may read it too.
    list: { method: 'GET', path: '/api/sections', access: [P.VIEW_SECTION_TEMPLATES, Permissions.ItemTypes.CREATE_ITEM_TYPES, Permissions.ItemTypes.ADD_SECTION_TO_ITEM_TYPE] },
    create: { method: 'POST', path: '/api/sections' },
  },
  named: sectionOperations,
  paging: 'browser',
  permissions: {
    view: [P.VIEW_SECTION_TEMPLATES],
    create: [P.CREATE_SECTION_TEMPLATES],
    // The builder's switches: the JSON editor and the report template's XSLT editor.
    actions: { editJson: [Permissions.General.VIEW_JSON_EDITOR], editXslt: [P.ADMIN_SECTION_TEMPLATES] },
  },
  remove: { kind: 'none' },
  list: {
    pageSize: 1000,
    sort: { field: 'SectionName', order: 'ASC' },
  },
  subResources: ['section-versions'],
  form: { fields: ['SectionName', 'Template', 'ROITemplate'] },
  callbacks: { afterReadList: groupSections },
});
