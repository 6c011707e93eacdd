import { Box, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import VisibilityIcon from '@mui/icons-material/Visibility';
import RestoreIcon from '@mui/icons-material/Restore';
import DeleteIcon from '@mui/icons-material/Delete';
import { useCanAccess, useExpanded, useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { useResourceTexts, ViewOf, type ListParts, type ViewPart } from './views.js';
import { useRemoveAction } from './useRemoveAction.js';
import type { Row } from './columns.js';
import { stop } from './tableColumns.js';

interface RowActionsProps {
  declaration: ResourceDeclaration;
  parent?: ApiRecord;
  /** The list's own row actions (move up and down), before edit and remove. */
  part?: ViewPart;
  /** How the list's view opens and limits its rows (`editLink`, `editExpands`, `actionsWhen`). */
  look: Pick<ListParts, 'editLink' | 'editExpands' | 'actionsWhen'>;
  /** The list's `rowActions` show (not in a list drawn read only). */
  withRowActions: boolean;
  canEdit: boolean;
  /** Without edit: a View button opening the record read only. */
  canView: boolean;
  canRemove: boolean;
  onEdit(record: Row, readOnly: boolean): void;
}

/**
 * Edit, and hide/restore or delete (after confirmation when the declaration asks), as the declaration and the
 * user's permissions allow; the remove itself is `useRemoveAction`.
 */
export function RowActions({ declaration, parent, part: extra, look, withRowActions, canEdit, canView, canRemove, onEdit }: RowActionsProps) {
  const record = useRecordContext<Row>();
  const removeAction = useRemoveAction(declaration, record, { parent });
  const [, toggleExpanded] = useExpanded(declaration.name, record?.id ?? '', true);
  const { editLink, editExpands, actionsWhen } = look;
  const { canAccess: mayOpen = false } = useCanAccess({ resource: declaration.name, action: editLink?.action ?? 'list', enabled: Boolean(editLink) });
  const editLabel = useResourceTexts(declaration).editAction;
  if (!record) return null;
  if (actionsWhen && !actionsWhen(record)) return null;
  const name = declaration.recordRepresentation(record);
  const removal = declaration.remove;
  const { label: removeLabel, request, isPending } = removeAction;

  return (
    <Box sx={{ whiteSpace: 'nowrap', textAlign: 'right' }} onClick={stop}>
      {withRowActions && extra && <ViewOf part={extra} declaration={declaration} record={record} parent={parent} />}
      {editLink && mayOpen ? (
        <Tooltip title={editLabel}>
          <IconButton size="small" component={RouterLink} to={editLink.to(record)} aria-label={`${editLabel} ${name}`}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : canEdit && (
        <Tooltip title={editLabel}>
          <IconButton size="small" aria-label={`${editLabel} ${name}`} onClick={() => (editExpands ? toggleExpanded() : onEdit(record, false))}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {!canEdit && canView && (
        <Tooltip title="View">
          <IconButton size="small" aria-label={`View ${name}`} onClick={() => (editExpands ? toggleExpanded() : onEdit(record, true))}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canRemove && removeLabel && (
        <Tooltip title={removeLabel}>
          <IconButton size="small" disabled={isPending} aria-label={`${removeLabel} ${name}`} onClick={request}>
            {removal.kind === 'delete' ? <DeleteIcon fontSize="small" /> : record.Hidden ? <RestoreIcon fontSize="small" /> : <VisibilityOffIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
      {canRemove && removeAction.dialogs}
    </Box>
  );
}
