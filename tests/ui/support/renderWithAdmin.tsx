import { useState, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../../../dataProvider/dataProvider.js';
import { authProvider } from '../../../src/auth/authProvider.js';
import { theme } from '../../../src/theme.js';
import { AppNotification } from '../../../src/layout/AppNotification.js';
import { createQueryClient } from '../../../src/queryClient.js';
import { ViewsProvider } from '../../../src/resources/views.js';
import { views } from '../../../src/views.js';

/** react-admin's context with the real providers, the resources' views and a query cache of its own, set up as the app's. */
function Admin({ children }: { children: ReactElement }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ViewsProvider views={views}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} theme={theme} queryClient={queryClient}>
        {children}
        <AppNotification />
      </AdminContext>
    </ViewsProvider>
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
