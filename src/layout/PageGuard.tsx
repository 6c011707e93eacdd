import type { ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { CanAccess } from 'react-admin';
import { NotFound } from './NotFound.js';

/**
 * A page shown only to users the auth provider's canAccess lets list it (a declared resource or a page of
 * src/navigation.ts); others see the not-found view, as the spec says.
 */
export function PageGuard({ page, children }: { page: string; children: ReactNode }) {
  return (
    <CanAccess resource={page} action="list" accessDenied={<NotFound />} loading={<LinearProgress aria-label="Loading" />}>
      {children}
    </CanAccess>
  );
}
