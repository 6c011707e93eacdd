import { useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { useCanAccess } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import { resourceByName } from '../../resources/index.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { USER_FORM } from '../identity/userFormView.js';
import { useResourceTexts, type ViewProps } from '../resources/views.js';

/** The users resource, whose own forms the org Users tab opens. */
export const usersDeclaration = () => resourceByName('users')!;

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A modal around a user's form (the users declaration's own, in its sections). Clicks inside it stay in it: the
 * table row it was opened from never sees them.
 */
export function UserDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  return (
    <Dialog open onClose={onClose} onClick={stop} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="org-user-form-title" scroll="paper">
      <DialogTitle id="org-user-form-title" sx={{ display: 'flex', alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>{title}</Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'background.default', px: { xs: 1.5, sm: 2 }, pt: { xs: 1.5, sm: 2 }, pb: 0 }}>
        <ErrorBoundary message={Texts.identity.users.newUserFailed}>{children}</ErrorBoundary>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The org Users tab's actions (`orgUserActions`, spec 002 §2.1): New User, for users who may create users, opens the
 * users create form with the org preset; after a save the form's refresh shows the new user in the list.
 */
export default function OrgUserActions({ declaration, parent }: ViewProps) {
  const users = usersDeclaration();
  const { canAccess: canCreate = false } = useCanAccess({ resource: users.name, action: 'create' });
  const [open, setOpen] = useState(false);
  const texts = useResourceTexts(declaration);
  if (!canCreate || !parent) return null;
  const title = texts.add(parent);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="outlined" startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }} onClick={() => setOpen(true)}>
        {title}
      </Button>
      {open && (
        <UserDialog title={title} onClose={close}>
          <ResourceForm
            {...USER_FORM}
            declaration={users}
            initial={{ Org_Id: parent.Id ?? parent.id, GroupIds: [] }}
            label="User record"
            submitLabel="Create User"
            onCancel={close}
            onSaved={close}
            stickyActions
          />
        </UserDialog>
      )}
    </>
  );
}
