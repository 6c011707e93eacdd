import { lazy, Suspense, type ReactElement } from 'react';
import { LinearProgress } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { Texts } from '../shared/texts/index.js';
import type { ResourceDeclaration } from '../resources/declaration.js';
import { PageGuard } from './layout/PageGuard.js';
import { PlaceholderPage } from './layout/PlaceholderPage.js';
import { PublicPage } from './layout/PublicPage.js';
import { Typography } from '@mui/material';

const LazyResourcePage = lazy(() => import('./resources/ResourcePage.js').then((m) => ({ default: m.ResourcePage })));
const AdminPage = lazy(() => import('./admin/AdminPage.js').then((m) => ({ default: m.AdminPage })));
const ListsPage = lazy(() => import('./lists/ListsPage.js').then((m) => ({ default: m.ListsPage })));
const ItemTypesPage = lazy(() => import('./itemTypes/ItemTypesPage.js').then((m) => ({ default: m.ItemTypesPage })));
const CaseTemplatesPage = lazy(() => import('./caseTemplates/CaseTemplatesPage.js').then((m) => ({ default: m.CaseTemplatesPage })));
const SectionTemplatesPage = lazy(() => import('./sections/SectionTemplatesPage.js').then((m) => ({ default: m.SectionTemplatesPage })));
const SecurityPage = lazy(() => import('./security/SecurityPage.js').then((m) => ({ default: m.SecurityPage })));

const lazyPage = (element: ReactElement) => <Suspense fallback={<LinearProgress aria-label="Loading" />}>{element}</Suspense>;

/** The generic screen of a declared resource, loaded on first use. */
export function ResourcePage({ declaration }: { declaration: ResourceDeclaration }) {
  return lazyPage(<LazyResourcePage declaration={declaration} />);
}

export interface AppRoute {
  path: string;
  element: ReactElement;
}

function QboCallback() {
  if (window.opener) {
    window.opener.postMessage({ qbo: window.location.search }, window.location.origin);
    setTimeout(() => window.close(), 1500);
  }
  return (
    <PublicPage title="Accounting service">
      <Typography>{Texts.global.qboCallback}</Typography>
    </PublicPage>
  );
}

const placeholder = (page: string, title: string): ReactElement => (
  <PageGuard page={page}>
    <PlaceholderPage title={title} />
  </PageGuard>
);

/** Pages outside the signed-in shell (no session needed). */
export const publicRoutes: AppRoute[] = [
  { path: '/qbo/auth', element: <QboCallback /> },
];

/** Pages inside the shell; each checks its own permission and shows the not-found view without it. */
export const protectedRoutes: AppRoute[] = [
  { path: '/security', element: lazyPage(<SecurityPage />) },
  { path: '/cases/*', element: placeholder('cases', 'Cases') },
  { path: '/items', element: placeholder('items', 'Items') },
  { path: '/invoices', element: placeholder('invoices', 'Invoices') },
  { path: '/reports', element: placeholder('reports', 'Reports') },
  { path: '/orgs/*', element: placeholder('orgs', 'Orgs') },
  { path: '/case-templates', element: lazyPage(<CaseTemplatesPage />) },
  { path: '/item-types', element: lazyPage(<ItemTypesPage />) },
  { path: '/sections', element: lazyPage(<SectionTemplatesPage />) },
  { path: '/lists', element: lazyPage(<ListsPage />) },
  { path: '/identity', element: <Navigate to="/identity/users" replace /> },
  { path: '/identity/users', element: placeholder('users', 'Users') },
  { path: '/identity/roles', element: placeholder('roles', 'Roles') },
  { path: '/identity/groups', element: placeholder('groups', 'Groups') },
  { path: '/account', element: <PlaceholderPage title="Manage Account" /> },
  { path: '/admin', element: lazyPage(<AdminPage />) },
];
