import { Chip, Stack, Tooltip } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useCanAccess, useDataProvider } from 'react-admin';
import type { DossierDataProvider } from '../../dataProvider/dataProvider.js';
import { filesForm } from '../../dataProvider/operations.js';
import { itemNumber } from '../../resources/caseItems.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { DownloadName } from '../components/DownloadName.js';
import { MoveButtons } from '../components/MoveButtons.js';
import { UploadDropZone } from '../components/UploadDropZone.js';
import { parentValuesOf } from '../resources/recordValues.js';
import type { ViewProps } from '../resources/views.js';
import type { CellProps } from '../resources/columns.js';

const T = ItemTexts.attachments;

/**
 * The Name cell of an item attachment (the `itemAttachmentName` column slot): a link that downloads the file under
 * its name, and — for a file that claims to be a PDF but does not parse as one — the 'Corrupt PDF' marker beside it
 * (its row is red by the declaration's `rowTone`).
 */
export function AttachmentName({ record }: CellProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  if (!record) return null;
  const name = String(record.Name ?? '');
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
      <DownloadName
        name={name}
        title={T.download(name)}
        failedText={T.retrieveFailed}
        fetchFile={() => dataProvider.callOperation('itemAttachments', 'download', Number(record.Case_Id), Number(record.Item_Id), Number(record.Id))}
      />
      {record.CorruptPDF === true && (
        <Tooltip title={T.corruptHint}>
          <Chip size="small" color="error" variant="outlined" icon={<ErrorOutlineIcon />} label={T.corrupt} />
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * Move up and move down of an attachment (the `itemAttachmentMove` row actions): for users with Add Item Attachments
 * (`reorder`), when the item has more than one. `PUT .../attachments/swap` answers the new order of every attachment;
 * then 'The attachments were reordered successfully.' and the list is read again.
 */
export function AttachmentMoveButtons(props: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  return (
    <MoveButtons
      {...props}
      action="reorder"
      movedText={T.reordered}
      swap={(record, other) => dataProvider.callOperation('itemAttachments', 'swap', Number(record.Case_Id), Number(record.Item_Id), { SwapFrom_Id: Number(record.Id), SwapTo_Id: Number(other.id) })}
    />
  );
}

/**
 * The attachments' drop zone (the `itemAttachmentActions` slot, beside the list): several files at once, dropped or
 * chosen, in one multipart call (the server extracts zips), for users with Add Item Attachments (`upload`); then
 * 'Files were uploaded.' and the list is read again, or the server's reason for a refusal.
 */
export function AttachmentActions({ declaration, parent }: ViewProps) {
  const dataProvider = useDataProvider<DossierDataProvider>();
  const { canAccess = false } = useCanAccess({ resource: declaration.name, action: 'upload' });
  if (!canAccess || !parent) return null;
  const { Item_Id, Case_Id } = parentValuesOf(declaration, parent);
  return (
    <UploadDropZone
      dense
      data-testid="item-attachment-drop-zone"
      send={(files) => dataProvider.callOperation('itemAttachments', 'upload', Number(Case_Id), Number(Item_Id), filesForm(files))}
      uploadedText={T.uploaded}
      inputLabel={T.uploadLabel(itemNumber(parent))}
      hint={T.dropHint}
      busyText={T.uploading}
      caption={T.zipHint}
      chooseLabel={T.chooseFiles}
    />
  );
}
