import { LinearProgress } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useCanAccess } from 'react-admin';

/** Home: the cases list for users who may view cases, otherwise the own account. */
export function HomeRedirect() {
  const { canAccess, isPending } = useCanAccess({ resource: 'cases', action: 'list' });
  if (isPending) return <LinearProgress aria-label="Loading" />;
  return <Navigate to={canAccess ? '/cases' : '/account'} replace />;
}
