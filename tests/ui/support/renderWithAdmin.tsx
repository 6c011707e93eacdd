import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../../../dataProvider/dataProvider.js';
import { authProvider } from '../../../src/auth/authProvider.js';
import { theme } from '../../../src/theme.js';
import { AppNotification } from '../../../src/layout/AppNotification.js';

/**
 * Renders a component inside react-admin's context with the real data and auth providers, under a memory router
 * at `path` (react-admin uses the router it finds, so the router must be outside), with the app's toasts.
 */
export function renderWithAdmin(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} theme={theme}>
        {ui}
        <AppNotification />
      </AdminContext>
    </MemoryRouter>,
  );
}
