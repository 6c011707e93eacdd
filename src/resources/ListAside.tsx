import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { useListContext } from 'react-admin';
import { FilterPanelPlace } from '../components/FilterPanelPlace.js';

/**
 * Whether the list has answered (rows or a failure), as a transition: what the rows do not need waits until then,
 * and renders without holding them up.
 */
function useAfterListAnswered(): boolean {
  const { isPending } = useListContext();
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (!isPending) startTransition(() => setAnswered(true));
  }, [isPending]);
  return answered;
}

/**
 * The list beside the resource's aside view (a filter panel): side by side on a laptop, stacked on a phone. The
 * panel renders once the list has answered, so neither the list's first render — which starts its search — nor its
 * rows wait for the panel's (an org tree is the heaviest part of the cases screen).
 */
export function WithAside({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  const afterAnswer = useAfterListAnswered();
  if (!aside) return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-start' } }}>
      {/* Its own boundary, mounted with the panel: the panel's code loading never holds back the render that brings it. */}
      {afterAnswer ? <Suspense fallback={<FilterPanelPlace />}>{aside}</Suspense> : <FilterPanelPlace />}
      {children}
    </Box>
  );
}
