import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { ResourceContextProvider } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import { PageGuard } from '../layout/PageGuard.js';
import { slotComponent } from '../slots/index.js';

const ResourceList = lazy(() => import('./ResourceList.js').then((m) => ({ default: m.ResourceList })));
const SingletonForm = lazy(() => import('./SingletonForm.js').then((m) => ({ default: m.SingletonForm })));

/**
 * A record's own page (`slots.page`, at `{route}/{id}`), for users who may list the resource; others see the
 * not-found view.
 */
export function RecordPage({ declaration }: { declaration: ResourceDeclaration }) {
  const Slot = slotComponent(declaration.slots!.page!);
  return (
    <ResourceContextProvider value={declaration.name}>
      <PageGuard page={declaration.name}>
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          <Slot declaration={declaration} />
        </Suspense>
      </PageGuard>
    </ResourceContextProvider>
  );
}

/**
 * The page of a declared resource at its route: the generic list (or the singleton's form, or the declaration's
 * `list` slot), shown to users the auth provider's canAccess lets list it; others see the not-found view.
 */
export function ResourceScreen({ declaration }: { declaration: ResourceDeclaration }) {
  const Slot = declaration.slots?.list ? slotComponent(declaration.slots.list) : null;
  return (
    <ResourceContextProvider value={declaration.name}>
      <PageGuard page={declaration.name}>
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          {Slot ? <Slot declaration={declaration} /> : declaration.singleton ? <SingletonForm declaration={declaration} /> : <ResourceList declaration={declaration} />}
        </Suspense>
      </PageGuard>
    </ResourceContextProvider>
  );
}
