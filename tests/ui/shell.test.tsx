import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';


describe('sign-in page', () => {
  it('shows the server error under the form as a bullet line', async () => {
    fakeServer(({ url }) =>
      url === '/oauth/token' ? { status: 400, body: { error: 'invalid_grant', error_description: 'The user name or password is incorrect.' } } : undefined,
    );
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'someone');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('The user name or password is incorrect.');
    expect(screen.getByText(/Version 0\.0\.0-test/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('sends an expired password to /change-password', async () => {
    fakeServer(({ url }) =>
      url === '/oauth/token' ? { status: 400, body: { error: 'password_expired', error_description: 'Your password has expired and must be changed.' } } : undefined,
    );
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'old');
    await userEvent.type(screen.getByLabelText(/Password/), 'stale-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(where()).toHaveTextContent('/change-password'));
  });

  it('loads the account after the token, stores it and welcomes the user', async () => {
    const { calls } = fakeServer(({ url }) => {
      if (url === '/oauth/token') return { body: { access_token: 'abc', token_type: 'bearer', expires_in: 1800 } };
      if (url === '/api/user') return { body: { Id: 7, UserName: 'manager', FirstName: 'Morgan', LastName: 'Reyes', Email: null, Org_Id: 1 } };
      if (url === '/api/user/permissions') return { body: { roles: [Permissions.Cases.VIEW_CASES], groups: ['Managers'], tags: [] } };
      if (url === '/api/types') return { body: [] };
      if (url === '/api/security') return { body: { AutoLogoutTime: 20, EnablePasswordExpiration: true, PasswordExpirationTime: null } };
      if (url.startsWith('/api/orgs')) return { body: [] };
      return undefined;
    });
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText(/Username/), 'manager');
    await userEvent.type(screen.getByLabelText(/Password/), 'demo-pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(Texts.global.welcomeBack('Morgan', 'Reyes'))).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/oauth/token', body: { username: 'manager', grant_type: 'password' } });
    const stored = JSON.parse(localStorage.getItem('root')!);
    expect(stored.version).toBe(2);
    expect(stored.account.token).toBe('abc');
    expect(stored.account.autoLogoutMinutes).toBe(20);
    expect(Number(localStorage.getItem('logoutAt'))).toBeGreaterThan(Date.now() + 19 * 60_000);
  });
});

describe('navigation shell', () => {
  it('shows top entries and the admin menu by permission', async () => {
    fakeServer(() => undefined);
    signedInAs([Permissions.Cases.VIEW_CASES, Permissions.Admin.ADMIN_SECURITY, Permissions.Users.VIEW_USERS]);
    renderAt('/cases');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Cases' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Invoices' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['IAM', 'Users', 'Security', 'Webhooks']);
  });

  it('makes IAM in the admin menu a link to /identity, which opens the users, with Users, Roles and Groups below it', async () => {
    fakeServer(({ url }) => (url.startsWith('/api/identity/users') ? { body: { users: [], pageCount: 0 } } : undefined));
    signedInAs([Permissions.Cases.VIEW_CASES, Permissions.Users.VIEW_USERS, Permissions.Roles.VIEW_ROLES, Permissions.Groups.VIEW_GROUPS]);
    renderAt('/cases');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['IAM', 'Users', 'Roles', 'Groups']);
    const iam = within(menu).getByRole('menuitem', { name: 'IAM' });
    expect(iam).toHaveAttribute('href', '/identity');
    expect(within(menu).getByRole('menuitem', { name: 'Roles' })).toHaveAttribute('href', '/identity/roles');
    await userEvent.click(iam);
    await waitFor(() => expect(where()).toHaveTextContent('/identity/users'));
  });

  it('hides the admin menu from a user without admin permissions', async () => {
    fakeServer(() => undefined);
    signedInAs([Permissions.Cases.VIEW_CASES]);
    renderAt('/cases');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the not-found view for an unknown path and for a page without its permission', async () => {
    fakeServer(() => undefined);
    signedInAs([Permissions.Cases.VIEW_CASES]);
    const { unmount } = renderAt('/nothing/here');
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
    unmount();
    renderAt('/security');
    expect(await screen.findByText(Texts.global.notFound)).toBeInTheDocument();
  });

  it('sends home to /account for users who may not view cases', async () => {
    fakeServer(() => undefined);
    signedInAs([]);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Manage Account' })).toBeInTheDocument();
  });

  it('signs out on 419 with the spec text', async () => {
    fakeServer(({ url }) => (url === '/api/expense-types' ? { status: 419, body: { Message: 'x' } } : { status: 204 }));
    signedInAs([Permissions.ExpenseTypes.VIEW]);
    renderAt('/expense-types');
    expect(await screen.findByText(Texts.global.signedInElsewhere)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('root')).toBeNull());
    await waitFor(() => expect(where()).toHaveTextContent('/login'), { timeout: 5_000 });
  });
});
