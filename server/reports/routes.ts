import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../http/access.js';
import { notFound } from '../http/errors.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { reportOperations } from '../../resources/reports.js';
import { sendDownload } from '../files/uploads.js';
import { orgScopeOf } from '../orgs/scope.js';
import { defineStore } from '../resources/store.js';
import { Limits } from '../../shared/constants.js';
import { REPORT_CONTENT_TYPES, type ParameterValue, type ReportFormat } from '../../shared/reports.js';
import { ReportTexts } from '../../shared/texts/reports.js';
import { findReport, reportCatalogue } from './catalogue.js';

import { ParameterValues, type ReportContext, type ReportDeclaration } from './definition.js';
import { csvChunks, pdfBytes, xmlChunks, type ReportHeading } from './formats.js';
import { describeParameters, validateParameters, valueLabels } from './parameters.js';
import { queryInput, reportRows } from './runner.js';
import { audit } from '../audit/auditLog.js';
import type { Database } from '../db/database.js';

const T = ReportTexts.server;
const HOUR_MS = 3_600_000;

/** The catalogue's entries as GET /api/reports answers them: folder, name, description; Id is Group/Name. */
const catalogueEntries = () => reportCatalogue.map((r) => ({ Id: `${r.group}/${r.name}`, Group: r.group, Name: r.name, Description: r.description }));

/** The `reports` declaration's store: the catalogue, read only (every report to every holder of View Report Data). */
export const reportsStore = defineStore({
  summaries: { list: 'The report catalogue: each report\'s folder (Group), name and description' },
  async list() {
    return catalogueEntries();
  },
});

async function contextOf(request: FastifyRequest, now?: Date): Promise<ReportContext> {
  const { db, services } = request.server;
  const auth = authOf(request);
  return { db, auth, scope: await orgScopeOf(db, auth), now: now ?? services.now() };
}

function reportOf(group: string, name: string): ReportDeclaration {
  const report = findReport(group, name);
  if (!report) throw notFound(T.unknownReport);
  return report;
}

/** A file name for the report: its name, safe in a header and on any disk. */
const fileName = (report: ReportDeclaration, format: ReportFormat) => `${report.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'report'}.${format}`;

/** A report run (its file, in a format) in the audit log: the report by group/name, the format as the action's word. */
const auditReport = (db: Database, report: { group: string; name: string }, format: ReportFormat) =>
  audit(db, { entity: 'reports', entityId: `${report.group}/${report.name}`, action: `download-${format}` });

/**
 * Sends the report in a format: xml and csv streamed as the rows arrive from the database (chunked; the report is
 * never held whole), pdf built from at most Limits.REPORT_PDF_MAX_ROWS rows. A client that goes away ends the
 * database cursor.
 */
async function sendReport(reply: FastifyReply, report: ReportDeclaration, context: ReportContext, parameters: ParameterValues, format: ReportFormat) {
  const heading: ReportHeading = { report, parameters: parameters.values, generated: context.now };
  if (format === 'pdf') heading.labels = await valueLabels(report, parameters, context);
  const batches = reportRows(report, queryInput(context, parameters), format === 'xml');
  const name = fileName(report, format);
  if (format === 'pdf') return sendDownload(reply, name, REPORT_CONTENT_TYPES.pdf, Buffer.from(await pdfBytes(heading, batches)));
  const chunks = format === 'csv' ? csvChunks(heading, batches) : xmlChunks(heading, batches);
  // The first chunk (header) is read before answering, so a failing query is still an error answer, not a cut file.
  const first = await chunks.next();
  async function* body() {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  return sendDownload(reply, name, REPORT_CONTENT_TYPES[format], Readable.from(body(), { objectMode: false }));
}


/** The handlers of the reports contract's operations (resources/reports.ts): parameters, run, instance. */
export const reportsArea: ApiArea = {
  name: 'reports',
  routes: operationRoutes(reportOperations, {
    async parameters(request) {
      const report = reportOf(request.params.group, request.params.name);
      return { Group: report.group, Name: report.name, Parameters: await describeParameters(report, await contextOf(request)) };
    },
    async run(request, reply) {
      const report = reportOf(request.params.group, request.params.name);
      const context = await contextOf(request);
      const sent = (request.body.Parameters ?? []).map((p) => ({ Name: p.Name, Value: (p.Value ?? null) as ParameterValue }));
      const parameters = await validateParameters(report, sent, context);
      if (!request.body.Instance) {
        await auditReport(request.server.db, report, request.body.Format);
        return sendReport(reply, report, context, parameters, request.body.Format);
      }
      const { db } = request.server;
      const id = randomBytes(18).toString('base64url');
      await db.deleteFrom('report_instances').where('CreatedDate', '<', new Date(context.now.getTime() - Limits.REPORT_INSTANCE_HOURS * HOUR_MS)).execute();
      // The instance keeps the report, the validated parameters and its moment; its rows are read again (streamed)
      // when it is fetched, as of that moment and within the fetching creator's scope — never stored whole.
      await db
        .insertInto('report_instances')
        .values({ Id: id, Group: report.group, Name: report.name, Parameters: JSON.stringify(parameters.values), Rows: JSON.stringify(null), CreatedBy_Id: context.auth.userId, CreatedDate: context.now })
        .execute();
      return { Id: id };
    },
    async instance(request, reply) {
      const { db } = request.server;
      const auth = authOf(request);
      const instance = await db.selectFrom('report_instances').selectAll().where('Id', '=', request.params.id).where('CreatedBy_Id', '=', auth.userId).executeTakeFirst();
      const report = instance && findReport(instance.Group, instance.Name);
      if (!instance || !report) throw notFound(T.unknownInstance);
      const context = await contextOf(request, new Date(instance.CreatedDate));
      const stored = (typeof instance.Parameters === 'string' ? JSON.parse(instance.Parameters) : instance.Parameters) as Record<string, ParameterValue>;
      const values = Object.fromEntries(report.parameters.map((p) => [p.name, stored[p.name] ?? null]));
      await auditReport(db, report, request.params.format);
      return sendReport(reply, report, context, new ParameterValues(values), request.params.format);
    },
  }),
};
