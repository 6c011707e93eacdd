import { useMemo } from 'react';
import { Dialog, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { useResourceTexts } from '../resources/views.js';
import { ORG_FORM } from './orgFormView.js';

interface Props {
  declaration: ResourceDeclaration;
  /** The org the new one goes under unless the user picks another. */
  parentId: number | null;
  onClose(): void;
  /** After the org was created (toast said, lists refreshed). */
  onCreated(org: ApiRecord): void;
}

/**
 * Add Org: the declaration's create form (its New Org section: Parent Org, preset to the org open on the page, Name,
 * Code, Contract Type, the address and phones) in a modal like every declared create form; full screen on a phone.
 */
export function OrgCreateDialog({ declaration, parentId, onClose, onCreated }: Props) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const texts = useResourceTexts(declaration);
  const title = texts.add();
  // Stable: a new object would start the form over at every render.
  const initial = useMemo(() => (parentId ? { ParentOrg_Id: parentId } : undefined), [parentId]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="org-create-title">
      <DialogTitle id="org-create-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ pb: 0 }}>
        <ResourceForm
          {...ORG_FORM}
          declaration={declaration}
          initial={initial}
          label={title}
          submitLabel={texts.createSubmit ?? title}
          onCancel={onClose}
          onSaved={onCreated}
          layout="plain"
          stickyActions
        />
      </DialogContent>
    </Dialog>
  );
}
