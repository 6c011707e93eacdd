import { authOf } from '../http/access.js';
import { anyOf, idParams, route, type ApiArea } from '../http/route.js';
import { forbidden, HttpError } from '../http/errors.js';
import { sendDownload } from '../files/uploads.js';
import { caseInScope, type CaseRow } from '../cases/caseAccess.js';
import type { AuthContext } from '../auth/sessions.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { buildReport } from './roiBuild.js';
import { audit } from '../audit/auditLog.js';
import { ReportTemplateError } from './xslt.js';

const P = Permissions.Cases;
const T = Texts.cases.server;

/** A case whose report is final: it has a completion date or is COMPLETE (spec 001 §2), or it was discontinued. */
export const reportIsFinal = (row: Pick<CaseRow, 'CompletionDate' | 'WorkflowState'>) =>
  Boolean(row.CompletionDate) || row.WorkflowState === 'COMPLETE' || row.WorkflowState === 'DISCONTINUED';

/**
 * Who may download a case's report (spec 001 §2, §6): a final report (complete or discontinued) with Download Report
 * or Download Incomplete Report; any other with Download Incomplete Report only — else 403 saying why.
 */
export function assertMayDownloadReport(auth: AuthContext, row: Pick<CaseRow, 'CaseNumber' | 'CompletionDate' | 'WorkflowState'>): void {
  if (auth.can(P.DOWNLOAD_INCOMPLETE_REPORT)) return;
  if (reportIsFinal(row) && auth.can(P.DOWNLOAD_REPORT)) return;
  throw forbidden(T.reportIncomplete(row.CaseNumber));
}

/** GET /api/cases/{id}/report (spec 001 §7): the report of investigation as a PDF, named `{CaseNumber}.pdf`. */
export const caseReportArea: ApiArea = {
  name: 'case-report',
  routes: [
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: '/api/cases/:id/report',
      access: anyOf(P.DOWNLOAD_REPORT, P.DOWNLOAD_INCOMPLETE_REPORT),
      summary:
        'The report of investigation as a PDF ({CaseNumber}.pdf): the case XML through the case template\'s cover sheet, stylesheet, header and footer XSLTs and each section\'s ROI XSLT; ' +
        'the case papers in front when the org prepends attachments; password protected with the org\'s ROI password when the user\'s Encrypt ROI is on. ' +
        'An incomplete case (no completion date, not COMPLETE or DISCONTINUED) needs Download Incomplete Report (403); a template that fails answers 422 naming it',
      schema: { params: idParams, produces: ['application/pdf'], response: { 200: { description: 'The PDF file', type: 'string' } } },
      async handler(request, reply) {
        const { db, services } = request.server;
        const auth = authOf(request);
        const row = await caseInScope(db, auth, request.params.id);
        assertMayDownloadReport(auth, row);
        try {
          const report = await buildReport(db, services.storage, services.ssn, row, auth.userId);
          await audit(db, { entity: 'cases', entityId: row.Id, action: 'download-report', fields: [] });
          if (report.papers.skipped) request.log.info({ caseId: row.Id, skipped: report.papers.skipped }, 'case papers left out of the report');
          return sendDownload(reply.header('cache-control', 'no-store'), report.fileName, 'application/pdf', Buffer.from(report.pdf));
        } catch (error) {
          if (error instanceof ReportTemplateError) throw new HttpError(422, T.reportTemplateFailed(error.message), { Message: T.reportTemplateFailed(error.message) });
          throw error;
        }
      },
    }),
  ],
};
