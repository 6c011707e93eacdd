import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress, Paper, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useCanAccess, useGetOne } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { ITEM_FORM } from './itemFormView.js';
import { Texts } from '../../shared/texts/index.js';
import { useResourceTexts, type ViewProps } from '../resources/views.js';

type ItemRecord = ApiRecord & { id: number };

/**
 * The item's declared form, on the item as `GET /api/cases/{caseId}/items/{itemId}` answers it — with its
 * `LockedReason`, which the form says and which keeps Save Changes disabled (`ITEM_FORM.locked`). Read only without Edit
 * Case Items.
 */
function ItemForm({ declaration, row, onClose }: { declaration: ResourceDeclaration; row: ApiRecord; onClose(): void }) {
  const { canAccess: canEdit = false, isPending: checking } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const texts = useResourceTexts(declaration);
  const meta = declaration.parent ? { [declaration.parent.field]: row[declaration.parent.field] } : undefined;
  const { data, error, isFetchedAfterMount, refetch: readAgain } = useGetOne<ItemRecord>(declaration.name, { id: Number(row.Id), meta });
  const name = declaration.recordRepresentation(row);
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void readAgain()}>
            Try again
          </Button>
        }
      >
        {Texts.global.noResponse}
      </Alert>
    );
  }
  if (!data || !isFetchedAfterMount || checking) return <LinearProgress aria-label={`Loading ${name}`} />;
  return (
    <ResourceForm
      {...ITEM_FORM}
      declaration={declaration}
      record={data}
      readOnly={!canEdit}
      label={`Edit ${name}`}
      submitLabel={texts.editSubmit}
      cancelLabel="Close"
      onCancel={onClose}
      layout="plain"
    />
  );
}

/**
 * The items table's expand slot (spec 001 §2 "Item edit form"): the inline item form under the row on a laptop —
 * item template read only, ACD without past days, Location/Description, the address, Show In Report — and full
 * screen on a phone, where the table is too narrow to hold it.
 */
export default function ItemEditor({ declaration, record, onClose = () => undefined }: ViewProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (!record) return null;
  const name = declaration.recordRepresentation(record);
  const form = <ItemForm declaration={declaration} row={record} onClose={onClose} />;
  if (!mobile) {
    return (
      <Paper variant="outlined" role="region" aria-label={`Edit ${name}`} sx={{ px: 2, pt: 2, pb: 1, bgcolor: 'background.default' }}>
        {form}
      </Paper>
    );
  }
  const titleId = `edit-item-${String(record.Id)}-title`;
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId} scroll="paper">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1 }}>{name}</Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: 1.5, pt: 1.5, pb: 0 }}>{form}</DialogContent>
    </Dialog>
  );
}
