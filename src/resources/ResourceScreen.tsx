import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { ResourceContextProvider } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import { PageGuard } from '../layout/PageGuard.js';
import { useViews } from './views.js';
import { ListSkeleton } from './ListSkeleton.js';
import { SchemaList } from './SchemaList.js';
const SingletonForm = lazy(() => import('./SingletonForm.js').then((m) => ({ default: m.SingletonForm })));

/**
 * A record's own page (its views' `page`, at `{route}/{id}`), for users who may list the resource; others see the
 * not-found view.
 */
export function RecordPage({ declaration }: { declaration: ResourceDeclaration }) {
  const Page = useViews(declaration).page;
  if (!Page) return null;
  return (
    <ResourceContextProvider value={declaration.name}>
      <PageGuard page={declaration.name}>
        <Suspense fallback={<LinearProgress aria-label="Loading" />}>
          <Page declaration={declaration} />
        </Suspense>
      </PageGuard>
    </ResourceContextProvider>
  );
}

/**
 * The page of a declared resource at its route: its `list` view (or the singleton's form, or the list of columns
 * guessed from its schema), shown to users the auth provider's canAccess lets list it; others see the not-found view.
 */
export function ResourceScreen({ declaration }: { declaration: ResourceDeclaration }) {
  const Screen = useViews(declaration).list;
  return (
    <ResourceContextProvider value={declaration.name}>
      <PageGuard page={declaration.name}>
        <Suspense fallback={Screen || declaration.singleton ? <LinearProgress aria-label="Loading" /> : <ListSkeleton title={declaration.title} />}>
          {Screen ? <Screen declaration={declaration} /> : declaration.singleton ? <SingletonForm declaration={declaration} /> : <SchemaList resource={declaration.name} />}
        </Suspense>
      </PageGuard>
    </ResourceContextProvider>
  );
}
