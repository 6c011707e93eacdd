import { useState } from 'react';
import { Button, CircularProgress, Stack } from '@mui/material';
import CodeIcon from '@mui/icons-material/Code';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { CaseTexts } from '../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { failureOf, isFileAnswer, saveFile } from '../../dataProvider/httpClient.js';
import { failureMessage } from '../resources/writeFailure.js';
import type { WorkflowFields } from './caseRules.js';

const T = CaseTexts;

type Kind = 'xml' | 'xslt';

/** Each download: its label and the cases contract's operation, whose access is also the action canAccess checks. */
const DOWNLOADS: Record<Kind, { label: string; operation: 'downloadXml' | 'downloadXslt' }> = {
  xml: { label: T.page.downloadXml, operation: 'downloadXml' },
  xslt: { label: T.page.downloadXslt, operation: 'downloadXslt' },
};


/** The case the downloads are of, as the case page read it (it is not read again here). */
type DownloadedCase = Pick<WorkflowFields, 'WorkflowState' | 'CompletionDate'> & { Id: number; CaseNumber: string };

/**
 * Whether Download Report is offered (spec 001 §2): the case has a completion date or is COMPLETE, or the user may
 * download incomplete reports; a discontinued case shows it without that permission. The server holds the same rule.
 */
export function reportOffered(record: Pick<WorkflowFields, 'WorkflowState' | 'CompletionDate'>, may: { report: boolean; incomplete: boolean }): boolean {
  if (may.incomplete) return true;
  const final = Boolean(record.CompletionDate) || record.WorkflowState === 'COMPLETE' || record.WorkflowState === 'DISCONTINUED';
  return may.report && final;
}

/** The downloads the user may make: react-admin's canAccess on `cases` (downloadReport or downloadIncompleteReport, and the operations downloadXml, downloadXslt). */
export function useDownloadKinds(): (Kind | 'report')[] {
  const allowed: Record<Kind, boolean> = {
    xml: Boolean(useCanAccess({ resource: 'cases', action: DOWNLOADS.xml.operation }).canAccess),
    xslt: Boolean(useCanAccess({ resource: 'cases', action: DOWNLOADS.xslt.operation }).canAccess),
  };
  const report = useReportPermissions();
  return [...(report.report || report.incomplete ? ['report' as const] : []), ...(Object.keys(DOWNLOADS) as Kind[]).filter((kind) => allowed[kind])];
}

function useReportPermissions(): { report: boolean; incomplete: boolean } {
  return {
    report: Boolean(useCanAccess({ resource: 'cases', action: 'downloadReport' }).canAccess),
    incomplete: Boolean(useCanAccess({ resource: 'cases', action: 'downloadIncompleteReport' }).canAccess),
  };
}

/**
 * Download Report: the report of investigation as a PDF under the name the server gives (`{CaseNumber}.pdf`), offered
 * by `reportOffered` on the case as the page shows it. A refusal says the server's reason (a 403 through the global
 * warning), otherwise 'Unable to retrieve file.' (spec 001 §8, file download).
 */
function ReportDownload({ record, disabled, onRunning }: { record: DownloadedCase; disabled: boolean; onRunning: (running: boolean) => void }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const may = useReportPermissions();
  const [running, setRunning] = useState(false);
  const { Id: caseId, CaseNumber: caseNumber } = record;
  if (!reportOffered(record, may)) return null;
  const download = async () => {
    setRunning(true);
    onRunning(true);
    try {
      const answer: unknown = await dataProvider.callOperation('cases', 'report', caseId);
      if (isFileAnswer(answer)) saveFile(answer, `${caseNumber}.pdf`);
    } catch (error) {
      // A 403 (an incomplete case without Download Incomplete Report) is said by the global 403 warning with the server's text.
      const failure = failureOf(error);
      if (failureMessage(error) !== null && failure.status !== 403) notify(failure.body?.Message ?? T.errors.retrieveFailed, { type: 'error' });
    } finally {
      setRunning(false);
      onRunning(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={running ? <CircularProgress size={14} color="inherit" aria-hidden /> : <PictureAsPdfOutlinedIcon fontSize="small" />}
      disabled={disabled || running}
      onClick={() => void download()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {T.page.downloadReport}
    </Button>
  );
}

/**
 * The case XML and XSLT downloads (spec 001 §2), for users who may view them (Case XML, Case XSLT), saved as the case
 * number with the extension .xml or .xslt; a failure says 'Unable to retrieve case XML.'.
 */
export function CaseDownloads({ record }: { record: DownloadedCase }) {
  const { Id: caseId, CaseNumber: caseNumber } = record;
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [running, setRunning] = useState<Kind | 'report' | null>(null);
  const kinds = useDownloadKinds();
  if (!kinds.length) return null;

  const download = async (kind: Kind) => {
    setRunning(kind);
    try {
      const answer: unknown = await dataProvider.callOperation('cases', DOWNLOADS[kind].operation, caseId);
      // A sign-out answers with react-admin's empty stand-in: nothing to save.
      if (isFileAnswer(answer)) saveFile({ ...answer, fileName: `${caseNumber}.${kind}` }, `${caseNumber}.${kind}`);
    } catch (error) {
      if (failureMessage(error) !== null) notify(T.errors.xmlFailed, { type: 'error' });
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Downloads">
      {kinds.includes('report') && (
        <ReportDownload record={record} disabled={running !== null && running !== 'report'} onRunning={(on) => setRunning(on ? 'report' : null)} />
      )}
      {kinds.filter((kind): kind is Kind => kind !== 'report').map((kind) => (
        <Button
          key={kind}
          size="small"
          color="inherit"
          startIcon={running === kind ? <CircularProgress size={14} color="inherit" aria-hidden /> : <CodeIcon fontSize="small" />}
          disabled={running !== null}
          onClick={() => void download(kind)}
          sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
        >
          {DOWNLOADS[kind].label}
        </Button>
      ))}
    </Stack>
  );
}
