import { useState, type MouseEvent } from 'react';
import { Link } from '@mui/material';
import { useNotify } from 'react-admin';
import { saveFile, type FileAnswer } from '../../dataProvider/httpClient.js';

export interface DownloadNameProps {
  /** The file's name: the link's text and the name the download is saved under. */
  name: string;
  /** Reads the file through a named data-provider call. */
  fetchFile(): Promise<FileAnswer>;
  /** The link's hover text ('Download release.pdf'). */
  title: string;
  /** Said when the file cannot be read ('Unable to retrieve file.'). */
  failedText: string;
}

/**
 * A file's name as a link that downloads the file under that name (a case paper, an item attachment: spec 001 §2
 * "Clicking an attachment downloads it under its name"). It waits while the file is read, never reaches the row
 * (no expanding), and says `failedText` when the download fails.
 */
export function DownloadName({ name, fetchFile, title, failedText }: DownloadNameProps) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const download = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const answer = await fetchFile();
      // An ended session answers with react-admin's empty stand-in: the sign-out says so already.
      if (answer?.blob) saveFile({ blob: answer.blob, fileName: name }, name);
    } catch {
      notify(failedText, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Link component="button" type="button" variant="body2" disabled={busy} title={title} onClick={download} sx={{ textAlign: 'left', verticalAlign: 'baseline' }}>
      {name}
    </Link>
  );
}
