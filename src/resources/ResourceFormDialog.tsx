import { Dialog, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { useStore, type Identifier } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ResourceForm } from './ResourceForm.js';
import type { FormView } from './formParts.js';
import { useResourceTexts } from './views.js';

interface Props {
  declaration: ResourceDeclaration;
  /** The record to edit; absent for a new one. */
  record?: ApiRecord;
  /** The parent record of a sub-resource (its key goes into a new record). */
  parent?: ApiRecord;
  /** How the list's view lays the form out and saves it (its `form`). */
  form?: FormView;
  /** The record's form is its expanded row (the list's `editExpands`): a new record opens expanded once created. */
  expandsSaved?: boolean;
  onClose: () => void;
}

/**
 * Add or edit a declared resource in a modal: the declaration's form (ResourceForm, one input a line); a failed
 * save keeps the modal open; a record whose form is its expanded row opens expanded once created.
 */
export function ResourceFormDialog({ declaration, record, parent, form, expandsSaved = false, onClose }: Props) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [, setExpanded] = useStore<Identifier[]>(`${declaration.name}.datagrid.expanded`, []);
  const titleId = `${declaration.name}-form-title`;
  const texts = useResourceTexts(declaration);
  const title = record ? texts.editTitle(record) : texts.add(parent);
  const submit = record ? texts.editSubmit : (texts.createSubmit ?? texts.add(parent));
  const onSaved = (saved: ApiRecord) => {
    if (!record && expandsSaved) setExpanded([saved[declaration.key] as Identifier]);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ pb: 0 }}>
        <ResourceForm {...form} declaration={declaration} record={record} parent={parent} label={title} submitLabel={submit} onCancel={onClose} onSaved={onSaved} layout="stack" stickyActions />
      </DialogContent>
    </Dialog>
  );
}
