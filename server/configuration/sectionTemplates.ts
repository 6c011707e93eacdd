import { sql } from 'kysely';
import { Permissions } from '../../shared/permissions.js';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { forbidden, ModelStateBuilder, notFound } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { sectionOperations } from '../../resources/sections.js';
import { readSectionDefinition } from './sectionDefinition.js';
import { checkXslt, xsltValue } from './xml.js';
import { defineStore } from '../resources/store.js';
import type { SectionTemplate as ApiSectionTemplate } from '../../shared/api/configuration.js';
import type { WithDates } from '../../shared/api/records.js';

const T = ConfigurationTexts.sections;
const P = Permissions.Sections;

export type SectionTemplate = WithDates<ApiSectionTemplate, 'CreatedDate'>;

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

/**
 * Section templates (/sections, spec 002 §2.4), the `sections` declaration's store: versioned definitions of the
 * forms that make up item templates. Saving under an existing name (any letter case) makes its next version.
 */
export const sectionsStore = defineStore({
  responses: { list: { type: 'array', items: sectionResponse }, write: sectionResponse },
  summaries: {
    list: 'Every version of every section template (Template as JSON text)',
    create:
      'Save a section template; under an existing name (case-insensitive) it becomes the next version. ' +
      'Without ROITemplate a new version keeps the report XSLT of the latest one.',
  },
  list: (context) => loadSections(context.db),
  async validate(context, values, _existing, errors) {
    // The report XSLT is Admin Section Templates' alone (spec 002 §2.4); without it a new version keeps the latest's.
    if (values.ROITemplate !== undefined && !context.auth.can(P.ADMIN_SECTION_TEMPLATES)) throw forbidden(T.xsltNeedsAdmin);
    // The definition's own messages come first and alone, as they did when it was the only check.
    await readSectionDefinition(context.db, String(values.Template));
    checkXslt(errors, 'ROITemplate', values.ROITemplate as string | null | undefined);
  },
  async insert(context, values) {
    const definition = await readSectionDefinition(context.db, String(values.Template));
    const name = String(values.SectionName);
    const latest = await context.db
      .selectFrom('sections')
      .select(['SectionName', 'Version', 'ROITemplate'])
      .where((eb) => eb(eb.fn('lower', ['SectionName']), '=', name.toLowerCase()))
      .orderBy('Version', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    const { Id } = await context.db
      .insertInto('sections')
      .values({
        SectionName: latest?.SectionName ?? name,
        Version: (latest?.Version ?? 0) + 1,
        Enabled: true,
        Template: JSON.stringify(definition),
        ROITemplate: values.ROITemplate === undefined ? (latest?.ROITemplate ?? null) : xsltValue(values.ROITemplate as string | null),
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    return Id;
  },
  answer: (context, _action, key) => findSection(context.db, Number(key)),
});

/** The versions of a section template (`section-versions`): disabling or re-enabling one version toggles Enabled. */
export const sectionVersionsStore = defineStore({
  responses: { record: sectionResponse },
  audit: { entity: 'sections', action: (_action, existing) => (existing?.Enabled ? 'disable' : 'enable') },
  summaries: { delete: 'Disable or re-enable one version of a section template (toggles Enabled); answers the version' },
  read: (context, key) => findSection(context.db, Number(key)),
  async remove(context, key, existing) {
    await context.db.updateTable('sections').set({ Enabled: !existing.Enabled }).where('Id', '=', Number(key)).execute();
  },
});

/** The handler of the section templates contract's operation (resources/sections.ts): a version's report template. */
export const sectionTemplatesArea: ApiArea = {
  name: 'section-templates',
  routes: operationRoutes(sectionOperations, {
    async saveRoi(request) {
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
};
