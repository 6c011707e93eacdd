import { useState, type MouseEvent } from 'react';
import { Link } from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import { CaseTexts } from '../../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import { saveFile } from '../../../dataProvider/httpClient.js';
import type { SlotProps } from '../../slots/index.js';

const T = CaseTexts;

/**
 * The Name cell of a case paper (the `casePaperName` column slot): a link that downloads the paper's file under its
 * name (spec 001 §2 "Papers"); a tracking-only entry has no file and shows its name as text. A failed download says
 * 'Unable to retrieve file.'.
 */
export default function PaperName({ record }: SlotProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const name = String(record.Name ?? '');
  if (record.HasFile === false) return <>{name}</>;

  const download = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const answer = await dataProvider.downloadCasePaper(Number(record.Case_Id), Number(record.Id));
      // An ended session answers with react-admin's empty stand-in: the sign-out says so already.
      if (answer?.blob) saveFile({ blob: answer.blob, fileName: name }, name);
    } catch {
      notify(T.errors.retrieveFailed, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Link component="button" type="button" variant="body2" disabled={busy} title={T.papers.download(name)} onClick={download} sx={{ textAlign: 'left', verticalAlign: 'baseline' }}>
      {name}
    </Link>
  );
}
