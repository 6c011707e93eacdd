import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { LOGOUT_AT_KEY } from '../../dataProvider/session.js';
import { readLogoutAt } from '../../src/auth/logoutClock.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';
import { renderAt, where } from './support/renderApp.js';

/**
 * The automatic-logout guard (spec 000 §2 "Session timeout guard") in the whole app: the warning's countdown, what
 * keeps the session, and which sign-outs it calls expired.
 */
const SETTINGS = { AutoLogoutTime: 20, EnablePasswordExpiration: true, PasswordExpirationTime: null };

/** The security settings page, signed in, its logout time `leftMs` from now. */
async function signedInWith(leftMs: number) {
  fakeServer(({ url }) => (url === '/api/security' ? { body: SETTINGS } : undefined));
  signedInAs([Permissions.Admin.ADMIN_SECURITY]);
  localStorage.setItem(LOGOUT_AT_KEY, String(Date.now() + leftMs));
  renderAt('/security');
  // The page behind the warning is hidden from assistive technology while the warning shows.
  await screen.findByRole('button', { name: 'Save', hidden: true }, { timeout: 5_000 });
}

const warning = () => screen.queryByRole('dialog', { name: 'Are you still there?' });

describe('the session guard', () => {
  it('warns near the end with a countdown, and Escape keeps the session as Stay signed in does', async () => {
    await signedInWith(90_000);
    await waitFor(() => expect(warning()).not.toBeNull());
    expect(screen.getByRole('timer')).toHaveTextContent(/^Your session will end in 1:[23]\d$/);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(warning()).toBeNull());
    expect(readLogoutAt()! - Date.now()).toBeGreaterThan(19 * 60_000);
    expect(where()).toHaveTextContent('/security');
  });

  it('counts a scroll inside a panel as activity', async () => {
    await signedInWith(90_000);
    await waitFor(() => expect(warning()).not.toBeNull());
    // Scroll does not bubble: the guard listens on the way down.
    fireEvent.scroll(screen.getByRole('main', { hidden: true }));
    await waitFor(() => expect(warning()).toBeNull());
    expect(readLogoutAt()! - Date.now()).toBeGreaterThan(19 * 60_000);
  });

  it('signs out a session whose time ran out and says it expired', async () => {
    await signedInWith(1_500);
    expect(await screen.findByText(Texts.global.sessionExpired, {}, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(where()).toHaveTextContent('/login'));
  });

  it('does not call a session ended elsewhere (another tab signed out) expired', async () => {
    await signedInWith(30 * 60_000);
    localStorage.clear();
    await waitFor(() => expect(where()).toHaveTextContent('/login'), { timeout: 5_000 });
    expect(screen.queryByText(Texts.global.sessionExpired)).toBeNull();
  });
});
