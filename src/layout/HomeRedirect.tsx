import { LinearProgress } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useCanAccess, usePermissions } from 'react-admin';
import { Permissions } from '../../shared/permissions.js';

/**
 * Home: the dashboard for holders of Dashboard (held, not passed as a System Administrator passes every check: an
 * administrator keeps the cases list and reaches the dashboard from the menu), else the cases list for users who may
 * view cases, otherwise the own account.
 */
export function HomeRedirect() {
  const { permissions, isPending } = usePermissions<readonly string[]>();
  const cases = useCanAccess({ resource: 'cases', action: 'list' });
  if (isPending || cases.isPending) return <LinearProgress aria-label="Loading" />;
  const dashboard = Array.isArray(permissions) && permissions.includes(Permissions.General.DASHBOARD);
  return <Navigate to={dashboard ? '/dashboard' : cases.canAccess ? '/cases' : '/account'} replace />;
}
