import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { sendQboResult } from './invoices/qboChannel.js';
import { LinearProgress } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { Texts } from '../shared/texts/index.js';
import { Timing } from '../shared/constants.js';
import { PublicPage } from './layout/PublicPage.js';
import { Typography } from '@mui/material';

const AdminPage = lazy(() => import('./admin/AdminPage.js').then((m) => ({ default: m.AdminPage })));
const AuditLogPage = lazy(() => import('./admin/AuditLogPage.js').then((m) => ({ default: m.AuditLogPage })));
const recovery = () => import('./recovery/RecoveryPages.js');
const ForgotPasswordPage = lazy(() => recovery().then((m) => ({ default: m.ForgotPasswordPage })));
const ForgotUsernamePage = lazy(() => recovery().then((m) => ({ default: m.ForgotUsernamePage })));
const ChangePasswordPage = lazy(() => recovery().then((m) => ({ default: m.ChangePasswordPage })));
const ResetPasswordPage = lazy(() => recovery().then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => recovery().then((m) => ({ default: m.ConfirmEmailPage })));
const partnerFiles = () => import('./partnerFiles/PartnerFilesPages.js');
const PartnerUploadPage = lazy(() => partnerFiles().then((m) => ({ default: m.PartnerUploadPage })));
const PartnerListPage = lazy(() => partnerFiles().then((m) => ({ default: m.PartnerListPage })));
const AccountPage = lazy(() => import('./account/AccountPage.js').then((m) => ({ default: m.AccountPage })));
// The dashboard and @mui/x-charts load in their own chunk, never with the first screen.
const DashboardPage = lazy(() => import('./dashboard/DashboardPage.js').then((m) => ({ default: m.DashboardPage })));

const lazyPage = (element: ReactElement) => <Suspense fallback={<LinearProgress aria-label="Loading" />}>{element}</Suspense>;

export interface AppRoute {
  path: string;
  element: ReactElement;
}

/** Where QuickBooks sends the user back (spec 002 §2.10): hands its answer to the opening window and closes. */
function QboCallback() {
  useEffect(() => {
    sendQboResult(window.location.search);
    const timer = setTimeout(() => window.close(), Timing.QBO_CALLBACK_CLOSE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <PublicPage title="Accounting service">
      <Typography>{Texts.global.qboCallback}</Typography>
    </PublicPage>
  );
}

/** Pages outside the signed-in shell (no session needed). */
export const publicRoutes: AppRoute[] = [
  { path: '/qbo/auth', element: <QboCallback /> },
  { path: '/forgot-password', element: lazyPage(<ForgotPasswordPage />) },
  { path: '/forgot-username', element: lazyPage(<ForgotUsernamePage />) },
  { path: '/change-password', element: lazyPage(<ChangePasswordPage />) },
  { path: '/reset-password', element: lazyPage(<ResetPasswordPage />) },
  { path: '/confirm-email', element: lazyPage(<ConfirmEmailPage />) },
  { path: '/fileu', element: lazyPage(<PartnerUploadPage partner="palmetto" />) },
  { path: '/filed', element: lazyPage(<PartnerListPage partner="palmetto" />) },
  { path: '/fileuNCSC', element: lazyPage(<PartnerUploadPage partner="ncsc" />) },
  { path: '/filedNCSC', element: lazyPage(<PartnerListPage partner="ncsc" />) },
];

/** Pages inside the shell; each checks its own permission and shows the not-found view without it. */
export const protectedRoutes: AppRoute[] = [
  { path: '/identity', element: <Navigate to="/identity/users" replace /> },
  { path: '/account', element: lazyPage(<AccountPage />) },
  { path: '/admin', element: lazyPage(<AdminPage />) },
  { path: '/admin/audit-log', element: lazyPage(<AuditLogPage />) },
  { path: '/dashboard', element: lazyPage(<DashboardPage />) },
];
