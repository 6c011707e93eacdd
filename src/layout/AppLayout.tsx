import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { SessionGuard } from '../auth/SessionGuard.js';
import { LiveNotices } from '../live/LiveNotices.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { TopBar } from './TopBar.js';

/** The signed-in shell: top navigation, the session guard, and the page (which fails politely). */
export function AppLayout({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar />
      <SessionGuard />
      <LiveNotices />
      <Box component="main" sx={{ flex: 1, p: { xs: 1.5, sm: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}>
        <ErrorBoundary resetKey={location.pathname}>{children}</ErrorBoundary>
      </Box>
    </Box>
  );
}
