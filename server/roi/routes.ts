import { authOf } from '../http/access.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { caseOperations } from '../../resources/caseOperations.js';
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

/** The cases contract's `report` (spec 001 §7): the report of investigation as a PDF, named `{CaseNumber}.pdf`. */
export const caseReportArea: ApiArea = {
  name: 'case-report',
  routes: operationRoutes(caseOperations, {
    async report(request, reply) {
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
};
