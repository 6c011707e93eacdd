import { Button } from '@mui/material';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import { useCanAccess } from 'react-admin';
import type { ApiRecord, ResourceDeclaration } from '../../resources/declaration.js';
import { useRemoveAction } from '../resources/useRemoveAction.js';

/**
 * The org header's Activate/Deactivate button (spec 002 §2.1, Orgs.DELETE_ORGANIZATION): reads Activate when the
 * org is hidden, asks "Are you sure you wish to activate/deactivate {org name}?" and toggles it through the
 * declaration's delete call, with its toast and a refresh (the tree follows). The top org has none.
 */
export function OrgActiveToggle({ declaration, record }: { declaration: ResourceDeclaration; record: ApiRecord & { id: number } }) {
  const { canAccess = false } = useCanAccess({ resource: declaration.name, action: 'delete' });
  const action = useRemoveAction(declaration, record);
  if (!canAccess || !action.label || record.ParentOrg_Id === null || record.ParentOrg_Id === undefined) return null;
  const hidden = Boolean(record.Hidden);
  return (
    <>
      <Button
        variant="outlined"
        color={hidden ? 'success' : 'warning'}
        startIcon={hidden ? <RestoreIcon /> : <VisibilityOffOutlinedIcon />}
        disabled={action.isPending}
        onClick={action.request}
        sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {action.label}
      </Button>
      {action.dialogs}
    </>
  );
}
