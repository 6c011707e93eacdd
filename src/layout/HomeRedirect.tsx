import { Navigate } from 'react-router-dom';
import { Permissions } from '../../shared/permissions.js';
import { useCan } from '../session/useSession.js';

/** Home: the cases list for users who may view cases, otherwise the own account. */
export function HomeRedirect() {
  const canViewCases = useCan(Permissions.Cases.VIEW_CASES);
  return <Navigate to={canViewCases ? '/cases' : '/account'} replace />;
}
