import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import { AdminContext, CoreAdminUI, Error as ErrorPage, LoadingPage, type AdminProps } from 'react-admin';

/** `<Admin>`'s own props, with the app's notification required: the app names every part it shows itself. */
export type AppAdminProps = Omit<AdminProps, 'notification' | 'error' | 'loading' | 'authCallbackPage' | 'authenticationError'> & {
  notification: ComponentType;
};

const rarelyShown = () => import('./rarelyShownPages.js');
const LazyAuthCallback = lazy(() => rarelyShown().then((m) => ({ default: m.AuthCallback })));
const LazyAuthenticationError = lazy(() => rarelyShown().then((m) => ({ default: m.AuthenticationError })));

/**
 * A rarely shown page of react-admin's, its code loaded when it is first shown: react-admin's loading page meanwhile.
 * A failed load is thrown to the nearest error boundary, never a blank page: the shell's failure text inside the
 * signed-in shell, react-admin's error page outside it.
 */
function AuthCallbackPage() {
  return (
    <Suspense fallback={<LoadingPage />}>
      <LazyAuthCallback />
    </Suspense>
  );
}

function AuthenticationErrorPage() {
  return (
    <Suspense fallback={<LoadingPage />}>
      <LazyAuthenticationError />
    </Suspense>
  );
}

/**
 * react-admin's `<Admin>` as it is composed (its context, then its UI inside a CSS baseline, then the notification),
 * with the app's own layout, sign-in page, not-found page and notification given. `<Admin>` falls back on
 * react-admin's own for any of those not given, so it brings their code (a sidebar layout, a sign-in form with its
 * form library, a notification) into the first download although the app never shows them. Of react-admin's own
 * pages, the loading page (shown while the session is checked) and the error page (the last resort, which must not
 * itself depend on a download) come with the app; the sign-in callback and authentication error pages load when
 * first shown.
 */
export function AppAdmin(props: AppAdminProps) {
  const { authProvider, basename, darkTheme, dataProvider, defaultTheme, i18nProvider, lightTheme, queryClient, routerProvider, store, theme } = props;
  const { accessDenied, catchAll, children, dashboard, disableTelemetry, layout, loginPage, notification, ready, requireAuth, title } = props;
  return (
    <AdminContext
      authProvider={authProvider}
      basename={basename}
      darkTheme={darkTheme}
      dataProvider={dataProvider}
      defaultTheme={defaultTheme}
      i18nProvider={i18nProvider}
      lightTheme={lightTheme}
      queryClient={queryClient}
      routerProvider={routerProvider}
      store={store}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          accessDenied={accessDenied}
          authCallbackPage={AuthCallbackPage}
          authenticationError={AuthenticationErrorPage}
          catchAll={catchAll}
          dashboard={dashboard}
          disableTelemetry={disableTelemetry}
          error={ErrorPage}
          layout={layout}
          loading={LoadingPage}
          loginPage={loginPage}
          ready={ready}
          requireAuth={requireAuth}
          title={title}
        >
          {children}
        </CoreAdminUI>
        {createElement(notification)}
      </CssBaseline>
    </AdminContext>
  );
}
