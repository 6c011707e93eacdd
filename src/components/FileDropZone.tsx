import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';

export interface FileDropZoneProps {
  /**
   * Receives the files dropped on the zone or chosen with its button (several at once); the zone shows it is busy,
   * and takes no further files, until the promise settles. Failures are the caller's to say.
   */
  onFiles(files: File[]): Promise<void>;
  /** The accessible name of the file chooser ("Upload assets to Residence Check"). */
  inputLabel: string;
  /** The words before the button ("Drop files here to upload them, or"). */
  hint: string;
  /** Said while the files upload. */
  busyText: string;
  /** A line under the zone ("zip files are extracted"). */
  caption?: string;
  /** The button that opens the file chooser. */
  chooseLabel?: string;
  /** One line, less padding: a zone that sits beside other actions. */
  dense?: boolean;
  'data-testid'?: string;
}

/**
 * A drop zone for files: drag several files onto it, or choose them with its button (the browser's file chooser).
 * It hands the files to `onFiles` and stays busy until that settles; the chooser is emptied after each upload, so
 * the same file can be chosen again.
 */
export function FileDropZone({ onFiles, inputLabel, hint, busyText, caption, chooseLabel = 'Choose Files', dense = false, 'data-testid': testId }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const take = async (files: File[]) => {
    if (!files.length || busy) return;
    setBusy(true);
    try {
      await onFiles(files);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take([...event.dataTransfer.files]);
  };

  return (
    <Box
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'secondary.main' : 'divider',
        bgcolor: dragging ? 'rgba(42,157,143,0.08)' : 'background.paper',
        borderRadius: 2,
        px: dense ? 1.5 : 2,
        py: dense ? 0.75 : 2,
        textAlign: 'center',
        transition: 'background-color 120ms, border-color 120ms',
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="center" justifyContent="center">
        {busy ? <InsertDriveFileOutlinedIcon color="secondary" /> : <CloudUploadOutlinedIcon color="action" />}
        <Typography variant="body2" color="text.secondary">
          {busy ? busyText : hint}
        </Typography>
        {!busy && (
          <Button size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }} onClick={() => input.current?.click()}>
            {chooseLabel}
          </Button>
        )}
      </Stack>
      {caption && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {caption}
        </Typography>
      )}
      {busy && <LinearProgress sx={{ mt: 1 }} aria-label="Uploading" />}
      <input ref={input} type="file" multiple hidden aria-label={inputLabel} onChange={(e) => void take([...(e.target.files ?? [])])} />
    </Box>
  );
}
