import type { ReactNode } from 'react';
import { hasAnyPermission } from '../../shared/permissions.js';
import { pageByKey } from '../navigation.js';
import { useSessionPermissions } from '../session/useSession.js';
import { NotFound } from './NotFound.js';

/** Renders a page only for users holding its permissions; others see the not-found view. */
export function PageGuard({ page, children }: { page: string; children: ReactNode }) {
  const { roles } = useSessionPermissions();
  const definition = pageByKey(page);
  if (!definition || !hasAnyPermission(roles, definition.anyOf)) return <NotFound />;
  return <>{children}</>;
}
