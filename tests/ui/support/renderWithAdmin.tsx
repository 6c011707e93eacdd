import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { dataProvider } from '../../../dataProvider/dataProvider.js';
import { authProvider } from '../../../src/auth/authProvider.js';
import { theme } from '../../../src/theme.js';

/** Renders a component inside react-admin's context with the real data and auth providers. */
export function renderWithAdmin(ui: ReactElement) {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} theme={theme}>
      {ui}
    </AdminContext>,
  );
}
