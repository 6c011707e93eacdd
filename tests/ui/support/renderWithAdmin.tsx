import { useState, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../../../dataProvider/dataProvider.js';
import { authProvider } from '../../../src/auth/authProvider.js';
import { theme } from '../../../src/theme.js';
import { AppNotification } from '../../../src/layout/AppNotification.js';
import { createQueryClient } from '../../../src/queryClient.js';

/** react-admin's context with the real providers and a query cache of its own, set up as the app's. */
function Admin({ children }: { children: ReactElement }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} theme={theme} queryClient={queryClient}>
      {children}
      <AppNotification />
    </AdminContext>
  );
}

/**
 * Renders a component inside react-admin's context with the real data and auth providers, under a memory router
 * at `path` (react-admin uses the router it finds, so the router must be outside), with the app's toasts.
 */
export function renderWithAdmin(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Admin>{ui}</Admin>
    </MemoryRouter>,
  );
}
