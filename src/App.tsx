import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { resources } from '../resources/index.js';
import { dataProvider } from '../dataProvider/dataProvider.js';
import { onNoResponse } from '../dataProvider/httpClient.js';
import { authProvider } from './auth/authProvider.js';
import { LoginPage } from './auth/LoginPage.js';
import { AppAdmin } from './layout/AppAdmin.js';
import { AppLayout } from './layout/AppLayout.js';
import { AppNotification } from './layout/AppNotification.js';
import { appStore } from './layout/preferenceStore.js';
import { HomeRedirect } from './layout/HomeRedirect.js';
import { NotFound } from './layout/NotFound.js';
import { toast } from './layout/toast.js';
import { theme } from './theme.js';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './queryClient.js';
import { protectedRoutes, publicRoutes } from './routes.js';
import { RecordPage, ResourceScreen } from './resources/ResourceScreen.js';
import { ViewsProvider } from './resources/views.js';
import { views } from './views.js';

const queryClient = createQueryClient();

const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', { allowMissing: true });

onNoResponse((message) => toast(message, 'error'));

/** Whether the resource has a record page (its views' `page`). */
const hasPage = (name: string) => Boolean(views[name]?.page);

/**
 * The Dossier client: react-admin with our data and auth providers, declared resources with their views, and custom
 * pages. One query cache per page load; a test rendering the app afresh passes its own.
 */
export function App({ client = queryClient }: { client?: QueryClient }) {
  return (
    <ViewsProvider views={views}>
      <AppAdmin
        dataProvider={dataProvider}
        queryClient={client}
        store={appStore}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={HomeRedirect}
        catchAll={NotFound}
        accessDenied={NotFound}
        notification={AppNotification}
        title="Dossier"
        requireAuth
        disableTelemetry
      >
        {/* Every declared resource is registered; one whose route is /{name} gets its list there — react-admin
            mounts a list at /{name}/*, so a list view reads deeper paths itself (the Orgs page: /orgs/{orgId}/{section})
            — and the others (routes under /identity, sub-resources) are mounted as custom routes below. */}
        {resources.map((declaration) => (
          <Resource
            key={declaration.name}
            name={declaration.name}
            list={declaration.route === `/${declaration.name}` ? <ResourceScreen declaration={declaration} /> : undefined}
            edit={declaration.route === `/${declaration.name}` && hasPage(declaration.name) ? <RecordPage declaration={declaration} /> : undefined}
            recordRepresentation={(record) => declaration.recordRepresentation(record)}
          />
        ))}
        <CustomRoutes noLayout>
          {publicRoutes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </CustomRoutes>
        <CustomRoutes>
          {resources
            .filter((declaration) => declaration.route && declaration.route !== `/${declaration.name}`)
            .map((declaration) => (
              <Route key={declaration.name} path={declaration.route} element={<ResourceScreen declaration={declaration} />} />
            ))}
          {/* A sub-resource's record page (an item's, under its case) at its declared page route. */}
          {resources
            .filter((declaration) => declaration.pageRoute && hasPage(declaration.name))
            .map((declaration) => (
              <Route key={`${declaration.name}-page`} path={declaration.pageRoute} element={<RecordPage declaration={declaration} />} />
            ))}
          {protectedRoutes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </CustomRoutes>
      </AppAdmin>
    </ViewsProvider>
  );
}
