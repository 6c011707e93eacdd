import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';

/**
 * The generic screens of declared resources when things go wrong: a failed load, a refused save, an ended
 * session, a read-only user. The same machinery serves every declared resource, so one behaviour everywhere.
 */

const EXPENSE_TYPES = [
  { Id: 1, Short: 'Mileage', Description: 'Mileage', UOMType_Id: 12, UOM: { Id: 12, Short: 'MI', Description: 'Mile' }, MultipleUnitsAllowed: true, Reimbursable: true, Hidden: false },
];
const SETTINGS = { AutoLogoutTime: 20, EnablePasswordExpiration: true, PasswordExpirationTime: null };
const P = Permissions;

describe('a failed load', () => {
  it('says "There was an error connecting to the server." and never shows the empty text', async () => {
    fakeServer(({ url }) => (url === '/api/expense-types' ? { status: 500, body: { Message: 'Boom.' } } : undefined));
    signedInAs([P.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    expect(await screen.findByText(Texts.global.noResponse)).toBeInTheDocument();
    expect(screen.queryByText(Texts.configuration.expenseTypes.empty)).not.toBeInTheDocument();
  });

  it('keeps the rows it had when a later load fails', async () => {
    let fail = false;
    fakeServer(({ method, url }) => {
      if (url === '/api/expense-types' && method === 'GET') return fail ? { status: 500, body: {} } : { body: EXPENSE_TYPES };
      if (url === '/api/expense-types/1' && method === 'DELETE') {
        fail = true;
        return { body: { ...EXPENSE_TYPES[0], Hidden: true } };
      }
      return undefined;
    });
    signedInAs([P.ExpenseTypes.VIEW, P.ExpenseTypes.DELETE]);
    renderAt('/expense-types');
    const table = await screen.findByRole('table', { name: 'Expense Types' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Hide Mileage' }));
    expect(await screen.findByText(Texts.global.noResponse)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Expense Types' })).getByText('Mileage')).toBeInTheDocument();
  });

  it('on a singleton page shows the error, not a bare heading', async () => {
    fakeServer(({ url }) => (url === '/api/security' ? { status: 500, body: {} } : undefined));
    signedInAs([P.Admin.ADMIN_SECURITY]);
    renderAt('/security');
    expect(await screen.findByText(Texts.global.noResponse)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('a refused save', () => {
  it.each([
    [401, Texts.global.sessionExpired],
    [419, Texts.global.signedInElsewhere],
  ])('answered %i shows the session text, signs out, and never says it was saved', async (status, text) => {
    fakeServer(({ method, url }) => {
      if (url === '/api/security' && method === 'GET') return { body: SETTINGS };
      if (url === '/api/security' && method === 'PUT') return { status, body: { Message: 'Not signed in.' } };
      return undefined;
    });
    signedInAs([P.Admin.ADMIN_SECURITY]);
    renderAt('/security');
    await userEvent.clear(await screen.findByLabelText(/Auto-logout/));
    await userEvent.type(screen.getByLabelText(/Auto-logout/), '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent('/login'));
    expect(screen.queryByText(Texts.security.saved)).not.toBeInTheDocument();
  });

  it('shows the server ModelState under its field and keeps the values typed', async () => {
    fakeServer(({ method, url }) => {
      if (url === '/api/security' && method === 'GET') return { body: SETTINGS };
      if (url === '/api/security' && method === 'PUT') return { status: 400, body: { Message: 'The request is invalid.', ModelState: { PasswordExpirationTime: ['Password expiry must be at least 1.'] } } };
      return undefined;
    });
    signedInAs([P.Admin.ADMIN_SECURITY]);
    renderAt('/security');
    await userEvent.type(await screen.findByLabelText(/Password expiry/), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password expiry must be at least 1.')).toBeInTheDocument();
    expect(screen.queryByText(Texts.security.saved)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Password expiry/)).toHaveValue(7);
  });

  it('catches what the schema forbids before sending, in the server\'s words', async () => {
    const { calls } = fakeServer(({ method, url }) => (url === '/api/security' && method === 'GET' ? { body: SETTINGS } : undefined));
    signedInAs([P.Admin.ADMIN_SECURITY]);
    renderAt('/security');
    await userEvent.clear(await screen.findByLabelText(/Auto-logout/));
    await userEvent.type(screen.getByLabelText(/Auto-logout/), '5000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Auto-logout (minutes) must be at most 1440.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('a read-only user', () => {
  it('sees the rows without add, edit or hide affordances', async () => {
    fakeServer(({ url }) => (url === '/api/expense-types' ? { body: EXPENSE_TYPES } : undefined));
    signedInAs([P.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    const table = await screen.findByRole('table', { name: 'Expense Types' });
    await within(table).findByText('Mileage');
    expect(screen.queryByRole('button', { name: 'Add Expense Type' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Edit|Hide/ })).not.toBeInTheDocument();
  });

});
