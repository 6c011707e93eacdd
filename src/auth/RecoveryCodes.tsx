import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import { useState } from 'react';
import { Texts } from '../../shared/texts/index.js';
import { saveFile } from '../../dataProvider/httpClient.js';

const R = Texts.secondFactor.recovery;

/** The ten recovery codes, shown once after an enrolment: copy, download, then the finish button. */
export function RecoveryCodes({ codes, finishLabel, onFinish }: { codes: readonly string[]; finishLabel: string; onFinish: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={R.title}>
      <Typography variant="subtitle2" component="h3">
        {R.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {R.intro}
      </Typography>
      <Box component="ol" aria-label={R.title} sx={{ m: 0, pl: 3, columns: 2, fontFamily: 'monospace', fontSize: '0.95rem' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyOutlinedIcon />} onClick={copy}>
          {R.copy}
        </Button>
        <Button size="small" variant="outlined" startIcon={<DownloadOutlinedIcon />} onClick={() => saveFile({ blob: new Blob([`${text}\n`], { type: 'text/plain' }), fileName: R.fileName }, R.fileName)}>
          {R.download}
        </Button>
      </Stack>
      {copied && (
        <Alert severity="success" role="status">
          {R.copied}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={onFinish}>
          {finishLabel}
        </Button>
      </Box>
    </Stack>
  );
}
