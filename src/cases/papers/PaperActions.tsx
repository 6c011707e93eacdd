import { Button, Stack } from '@mui/material';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { useCanAccess, useDataProvider } from 'react-admin';
import { CaseTexts } from '../../../shared/texts/cases.js';
import type { DossierDataProvider } from '../../../dataProvider/dataProvider.js';
import { filesForm } from '../../../dataProvider/operations.js';
import { UploadDropZone } from '../../components/UploadDropZone.js';
import { useModal } from '../../resources/ModalForm.js';
import { parentValuesOf } from '../../resources/recordValues.js';
import type { ViewProps } from '../../resources/views.js';
import { TrackingDialog } from './TrackingDialog.js';

const T = CaseTexts;

/**
 * The papers' actions (the `casePaperActions` slot, beside the list): a drop zone for several files at once (or the
 * file chooser) and Add Tracking Info, for users who may add papers (the contract's `upload` operation). An upload sends
 * the files in one multipart call (the server extracts zips), says 'Files were uploaded.' and refreshes the list; a
 * refused upload shows the server's message.
 */
export default function PaperActions({ declaration, parent }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const { canAccess = false } = useCanAccess({ resource: declaration.name, action: 'upload' });
  const tracking = useModal();
  if (!canAccess || !parent || !declaration.parent) return null;
  const caseId = Number(parentValuesOf(declaration, parent)[declaration.parent.field]);

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }} sx={{ pb: { xs: 1, sm: 0 } }}>
      <UploadDropZone
        dense
        data-testid="case-paper-drop-zone"
        send={(files) => dataProvider.callOperation('casePapers', 'upload', caseId, filesForm(files))}
        uploadedText={T.toasts.filesUploaded}
        inputLabel={`Upload papers to case ${String(parent.CaseNumber ?? caseId)}`}
        hint={T.papers.dropHint}
        busyText={T.papers.uploading}
        caption={T.papers.zipHint}
        chooseLabel={T.papers.chooseFiles}
      />
      <Button variant="outlined" startIcon={<LocalShippingOutlinedIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => tracking.open(true)}>
        {T.papers.addTracking}
      </Button>
      {tracking.opened && <TrackingDialog caseId={caseId} draft={tracking.opened.draft} onClose={tracking.close} />}
    </Stack>
  );
}
