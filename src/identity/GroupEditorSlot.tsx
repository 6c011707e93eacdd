import { Box, Paper, Stack, Typography } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { ResourceForm } from '../resources/ResourceForm.js';
import { GROUP_FORM } from './userFormView.js';
import { useResourceTexts, type ViewProps } from '../resources/views.js';
import { GroupRoles } from './GroupRoles.js';

/**
 * The groups list's expand slot: the group's declared form (its name, description and tags) and then its roles by
 * category. Read only without the edit permission.
 */
export default function GroupEditorSlot({ declaration, record, onClose }: ViewProps) {
  const { canAccess: canEdit = false } = useCanAccess({ resource: declaration.name, action: 'edit' });
  const texts = useResourceTexts(declaration);
  if (!record) return null;
  const name = declaration.recordRepresentation(record);
  return (
    <Stack spacing={2} role="region" aria-label={`Edit group ${name}`} sx={{ bgcolor: 'background.default', p: { xs: 1, sm: 2 }, borderRadius: 1 }}>
      <Paper variant="outlined" sx={{ px: 2, pt: 2 }}>
        <ResourceForm {...GROUP_FORM} declaration={declaration} record={record} readOnly={!canEdit} label={name} submitLabel={texts.editSubmit} cancelLabel="Close" onCancel={onClose} layout="plain" />
      </Paper>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Roles
        </Typography>
        <GroupRoles group={record} />
      </Box>
    </Stack>
  );
}
