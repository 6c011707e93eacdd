import { sql } from 'kysely';
import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { ModelStateBuilder, notFound } from '../http/errors.js';
import { anyOf, idParams, route, type ApiArea } from '../http/route.js';
import { readSectionDefinition } from './sectionDefinition.js';
import { checkXslt, xsltValue } from './xml.js';
import type { SectionTemplate as ApiSectionTemplate } from '../../shared/api/configuration.js';

const T = ConfigurationTexts.sections;
const P = Permissions.Sections;

export type SectionTemplate = ApiSectionTemplate<Date>;

const sectionResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    SectionName: { type: 'string' },
    Version: { type: 'integer' },
    LatestVersion: { type: 'integer' },
    Enabled: { type: 'boolean' },
    CreatedDate: { type: 'string', format: 'date-time' },
    Template: { type: 'string' },
    ROITemplate: { type: ['string', 'null'] },
  },
} as const;

interface SaveBody {
  SectionName: string;
  Template: string;
  ROITemplate?: string | null;
}

/** Section template versions, by name then version; each row knows the latest version of its name. */
export async function loadSections(db: Database, id?: number): Promise<SectionTemplate[]> {
  let query = db
    .selectFrom('sections as s')
    .select(['s.Id', 's.SectionName', 's.Version', 's.Enabled', 's.CreatedDate', 's.Template', 's.ROITemplate'])
    .select(sql<number>`(SELECT max(l."Version") FROM sections l WHERE lower(l."SectionName") = lower(s."SectionName"))`.as('LatestVersion'))
    .orderBy(sql`lower(s."SectionName")`)
    .orderBy('s.Version');
  if (id !== undefined) query = query.where('s.Id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, Template: JSON.stringify(row.Template) }));
}

async function findSection(db: Database, id: number): Promise<SectionTemplate> {
  const [section] = await loadSections(db, id);
  if (!section) throw notFound(T.unknownSection);
  return section;
}

/** Section templates (/sections, spec 002 §2.4): versioned definitions of the forms that make up item templates. */
export const sectionTemplatesArea: ApiArea = {
  name: 'section-templates',
  routes: [
    route({
      method: 'GET',
      url: '/api/sections',
      // The item template screens pick sections from this list, so their add permissions may read it too.
      access: anyOf(P.VIEW_SECTION_TEMPLATES, Permissions.ItemTypes.CREATE_ITEM_TYPES, Permissions.ItemTypes.ADD_SECTION_TO_ITEM_TYPE),
      summary: 'Every version of every section template (Template as JSON text)',
      schema: { response: { 200: { type: 'array', items: sectionResponse } } },
      async handler(request) {
        return loadSections(request.server.db);
      },
    }),
    route<{ Body: SaveBody }>({
      method: 'POST',
      url: '/api/sections',
      access: anyOf(P.CREATE_SECTION_TEMPLATES),
      summary:
        'Save a section template; under an existing name (case-insensitive) it becomes the next version. ' +
        'Without ROITemplate a new version keeps the report XSLT of the latest one.',
      schema: { body: { $ref: 'sectionTemplate.json' }, response: { 200: sectionResponse } },
      async handler(request) {
        const { db } = request.server;
        const body = request.body;
        const definition = await readSectionDefinition(db, body.Template);
        const errors = new ModelStateBuilder();
        checkXslt(errors, 'ROITemplate', body.ROITemplate);
        errors.throwIfInvalid();
        const name = body.SectionName.trim();
        const id = await db.transaction().execute(async (trx) => {
          const latest = await trx
            .selectFrom('sections')
            .select(['SectionName', 'Version', 'ROITemplate'])
            .where((eb) => eb(eb.fn('lower', ['SectionName']), '=', name.toLowerCase()))
            .orderBy('Version', 'desc')
            .limit(1)
            .forUpdate()
            .executeTakeFirst();
          const values = {
            SectionName: latest?.SectionName ?? name,
            Version: (latest?.Version ?? 0) + 1,
            Enabled: true,
            Template: JSON.stringify(definition),
            ROITemplate: body.ROITemplate === undefined ? (latest?.ROITemplate ?? null) : xsltValue(body.ROITemplate),
          };
          const { Id } = await trx.insertInto('sections').values(values).returning('Id').executeTakeFirstOrThrow();
          await audit(trx, { userId: authOf(request).userId, entity: 'sections', entityId: Id, action: 'create', changes: { SectionName: values.SectionName, Version: values.Version } });
          return Id;
        });
        return findSection(db, id);
      },
    }),
    route<{ Params: { id: number } }>({
      method: 'DELETE',
      url: '/api/sections/:id',
      access: anyOf(P.DELETE_SECTION_TEMPLATES),
      summary: 'Disable or re-enable one version of a section template (toggles Enabled); answers the version',
      schema: { params: idParams, response: { 200: sectionResponse } },
      async handler(request) {
        const { db } = request.server;
        const section = await findSection(db, request.params.id);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('sections').set({ Enabled: !section.Enabled }).where('Id', '=', section.Id).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'sections', entityId: section.Id, action: section.Enabled ? 'disable' : 'enable' });
        });
        return { ...section, Enabled: !section.Enabled };
      },
    }),
    route<{ Params: { id: number }; Body: { ROITemplate: string | null } }>({
      method: 'PUT',
      url: '/api/sections/:id/roi',
      access: anyOf(P.ADMIN_SECTION_TEMPLATES),
      summary: 'Save the report (ROI) XSLT of one section template version; the XSLT must be well-formed XML',
      schema: { params: idParams, body: { $ref: 'sectionRoi.json' }, response: { 200: sectionResponse } },
      async handler(request) {
        const { db } = request.server;
        const section = await findSection(db, request.params.id);
        const errors = new ModelStateBuilder();
        checkXslt(errors, 'ROITemplate', request.body.ROITemplate);
        errors.throwIfInvalid();
        const ROITemplate = xsltValue(request.body.ROITemplate);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('sections').set({ ROITemplate }).where('Id', '=', section.Id).execute();
          await audit(trx, { userId: authOf(request).userId, entity: 'sections', entityId: section.Id, action: 'update-roi' });
        });
        return { ...section, ROITemplate };
      },
    }),
  ],
};
