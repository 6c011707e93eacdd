import { useState } from 'react';
import { Button, CircularProgress, Stack } from '@mui/material';
import CodeIcon from '@mui/icons-material/Code';
import { useCanAccess, useDataProvider, useNotify } from 'react-admin';
import { Timing } from '../../shared/constants.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { saveFile, type FileAnswer } from '../../dataProvider/httpClient.js';
import { failureMessage } from '../resources/useResourceSave.js';

const T = CaseTexts;

type Kind = 'xml' | 'xslt';

const DOWNLOADS: Record<Kind, { label: string; method: 'downloadCaseXml' | 'downloadCaseXslt'; action: string }> = {
  xml: { label: T.page.downloadXml, method: 'downloadCaseXml', action: 'viewXml' },
  xslt: { label: T.page.downloadXslt, method: 'downloadCaseXslt', action: 'viewXslt' },
};

const isFile = (answer: unknown): answer is FileAnswer => typeof answer === 'object' && answer !== null && typeof (answer as FileAnswer).blob === 'object' && (answer as FileAnswer).blob !== null;

/** The downloads the user may make: react-admin's canAccess on `cases` (viewXml, viewXslt). */
export function useDownloadKinds(): Kind[] {
  const allowed: Record<Kind, boolean> = {
    xml: Boolean(useCanAccess({ resource: 'cases', action: DOWNLOADS.xml.action }).canAccess),
    xslt: Boolean(useCanAccess({ resource: 'cases', action: DOWNLOADS.xslt.action }).canAccess),
  };
  return (Object.keys(DOWNLOADS) as Kind[]).filter((kind) => allowed[kind]);
}

/**
 * The case XML and XSLT downloads (spec 001 §2), for users who may view them (Case XML, Case XSLT), saved as the case
 * number with the extension .xml or .xslt; a failure says 'Unable to retrieve case XML.'.
 */
export function CaseDownloads({ caseId, caseNumber }: { caseId: number; caseNumber: string }) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [running, setRunning] = useState<Kind | null>(null);
  const kinds = useDownloadKinds();
  if (!kinds.length) return null;

  const download = async (kind: Kind) => {
    setRunning(kind);
    try {
      const answer: unknown = await dataProvider[DOWNLOADS[kind].method](caseId);
      // A sign-out answers with react-admin's empty stand-in: nothing to save.
      if (isFile(answer)) saveFile({ ...answer, fileName: `${caseNumber}.${kind}` }, `${caseNumber}.${kind}`);
    } catch (error) {
      if (failureMessage(error) !== null) notify(T.errors.xmlFailed, { type: 'error', autoHideDuration: Timing.CASE_TOAST_MS });
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Downloads">
      {kinds.map((kind) => (
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
