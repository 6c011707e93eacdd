import { useState, type MouseEvent } from 'react';
import { Alert, Box, LinearProgress, Link } from '@mui/material';
import { useCanAccess, useGetOne } from 'react-admin';
import { Texts } from '../../shared/texts/index.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { USER_FORM } from '../identity/userFormView.js';
import type { CellProps } from '../resources/columns.js';
import { useResourceTexts } from '../resources/views.js';
import { UserDialog, usersDeclaration } from './OrgUserActions.js';

const fullName = (r: ApiRecord) => [r.FirstName, r.LastName].filter(Boolean).join(' ');

/** The whole user record (the org's row holds only its columns) in the users declaration's own edit form. */
function UserEdit({ id, onClose }: { id: number; onClose(): void }) {
  const users = usersDeclaration();
  const { data, error, isFetchedAfterMount } = useGetOne<ApiRecord & { id: number }>(users.name, { id });
  const texts = useResourceTexts(users);
  if (error) return <Alert severity="error">{Texts.identity.screens.loadFailed}</Alert>;
  if (!data || !isFetchedAfterMount) return <LinearProgress aria-label="Loading user" />;
  return <ResourceForm {...USER_FORM} declaration={users} record={data} label="User record" submitLabel={texts.editSubmit} onCancel={onClose} onSaved={onClose} stickyActions />;
}

/**
 * The name cell of the org Users tab (`orgUserName`, spec 002 §2.1): for a user of this org (not inherited), when
 * the viewer may edit users, a link-button opening the user's own edit form; otherwise the name as text. After a
 * save the form's refresh updates the list.
 */
export default function OrgUserName({ record }: CellProps) {
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'users', action: 'edit' });
  const [open, setOpen] = useState(false);
  const userTexts = useResourceTexts(usersDeclaration());
  if (!record) return null;
  const name = fullName(record);
  if (record.Inherited || !canEdit) return <>{name}</>;
  const close = () => setOpen(false);
  return (
    <Box component="span" onClick={(event: MouseEvent) => event.stopPropagation()}>
      <Link component="button" type="button" variant="body2" onClick={() => setOpen(true)} sx={{ textAlign: 'left' }}>
        {name}
      </Link>
      {open && (
        <UserDialog title={userTexts.editTitle(record)} onClose={close}>
          <UserEdit id={Number(record.Id)} onClose={close} />
        </UserDialog>
      )}
    </Box>
  );
}
