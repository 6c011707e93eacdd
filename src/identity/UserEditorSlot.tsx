import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress, Stack, Typography, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { useCanAccess, useGetList, useGetOne } from 'react-admin';
import { Groups as GroupNames } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { ErrorBoundary } from '../layout/ErrorBoundary.js';
import { MOBILE_QUERY } from '../layout/TopBar.js';
import { ResourceForm } from '../resources/ResourceForm.js';
import { USER_FORM } from './userFormView.js';
import { useResourceTexts, type ViewProps } from '../resources/views.js';

const T = Texts.identity.users;
const S = Texts.identity.screens;

/** A dialog's title with its close button. */
function TitleBar({ id, title, subtitle, onClose }: { id: string; title: string; subtitle?: string; onClose(): void }) {
  return (
    <DialogTitle id={id} sx={{ display: 'flex', alignItems: 'center' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {title}
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      <IconButton aria-label="Close" onClick={onClose} edge="end">
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}

/** The record's form: the whole record (the list's row holds only its columns), read only without the edit permission. */
function UserEditor({ declaration, id, onClose }: { declaration: ResourceDeclaration; id: number; onClose(): void }) {
  const { canAccess: canEdit = false } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const { data, error, isFetchedAfterMount } = useGetOne<ApiRecord & { id: number }>(declaration.name, { id });
  const texts = useResourceTexts(declaration);
  if (error) return <Alert severity="error">{S.loadFailed}</Alert>;
  if (!data || !isFetchedAfterMount) return <LinearProgress aria-label="Loading user" />;
  return <ResourceForm {...USER_FORM} declaration={declaration} record={data} readOnly={!canEdit} label="User record" submitLabel={texts.editSubmit} onCancel={onClose} />;
}

/** The users list's expand slot: the record's form under the row on a laptop, full screen on a phone. */
export default function UserEditorSlot({ declaration, record, onClose = () => undefined }: ViewProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (!record) return null;
  const editor = <UserEditor declaration={declaration} id={Number(record.Id)} onClose={onClose} />;
  if (!mobile) return <Box sx={{ bgcolor: 'background.default', p: { xs: 1, sm: 2 }, borderRadius: 1 }}>{editor}</Box>;
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="edit-user-title" scroll="paper">
      <TitleBar id="edit-user-title" title={`${String(record.FirstName ?? '')} ${String(record.LastName ?? '')}`} subtitle={String(record.UserName ?? '')} onClose={onClose} />
      <DialogContent dividers sx={{ bgcolor: 'background.default', px: 1.5, pt: 1.5, pb: 0 }}>{editor}</DialogContent>
    </Dialog>
  );
}

/** New Employee and New Contractor preselect their group and show the employment sections; New Client shows none. */
const PRESETS = [
  { title: 'New Employee', group: GroupNames.INVESTIGATOR, employment: true, icon: <BadgeOutlinedIcon /> },
  { title: 'New Contractor', group: GroupNames.INDEPENDENT_CONTRACTOR, employment: true, icon: <HandshakeOutlinedIcon /> },
  { title: 'New Client', group: GroupNames.CLIENT, employment: false, icon: <BusinessOutlinedIcon /> },
] as const;
type Preset = (typeof PRESETS)[number];

const ALL_GROUPS = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'Name', order: 'ASC' as const } };

/** The users page's header actions slot: the three ways to add a user, each opening the new-user modal (Escape closes it). */
export function NewUserActions({ declaration }: ViewProps) {
  const { canAccess: canCreate = false } = useCanAccess({ resource: declaration.name, action: 'create' });
  const { canAccess: canViewGroups = false } = useCanAccess({ resource: 'groups', action: 'list' });
  const { data: groups = [] } = useGetList<ApiRecord & { id: number }>('groups', ALL_GROUPS, { enabled: canCreate && canViewGroups });
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [creating, setCreating] = useState<Preset | null>(null);
  if (!canCreate) return null;
  const close = () => setCreating(null);
  const groupId = creating && groups.find((g) => g.Name === creating.group)?.Id;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
      {PRESETS.map((preset) => (
        <Button key={preset.title} variant="contained" startIcon={preset.icon} onClick={() => setCreating(preset)}>
          {preset.title}
        </Button>
      ))}
      {creating && (
        <Dialog open onClose={close} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby="new-user-title" scroll="paper">
          <TitleBar id="new-user-title" title={creating.title} onClose={close} />
          <DialogContent dividers sx={{ bgcolor: 'background.default', px: { xs: 1.5, sm: 2 }, pt: { xs: 1.5, sm: 2 }, pb: 0 }}>
            <ErrorBoundary message={T.newUserFailed}>
              <ResourceForm
                {...USER_FORM}
                key={String(groupId)}
                declaration={declaration}
                initial={{ GroupIds: groupId ? [groupId] : [] }}
                show={creating.employment ? ['employee'] : []}
                label="User record"
                submitLabel="Create User"
                onCancel={close}
                onSaved={close}
                stickyActions
              />
            </ErrorBoundary>
          </DialogContent>
        </Dialog>
      )}
    </Stack>
  );
}
