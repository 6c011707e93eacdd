import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';

/**
 * react-admin's pages the app rarely shows load their code when first shown (src/layout/AppAdmin.tsx), so the first
 * screen does without it: such a page still shows, and a download that fails shows an error, never a blank page.
 */
const RARELY_SHOWN = '../../src/layout/rarelyShownPages.js';

/** The app as a fresh page load would run it, its modules read anew (after a `vi.doMock`). */
async function freshApp() {
  vi.resetModules();
  return import('./support/renderApp.js');
}

afterEach(() => {
  vi.doUnmock(RARELY_SHOWN);
});

describe('pages loaded when first shown', () => {
  it("shows react-admin's authentication error page in the shell", async () => {
    fakeServer(() => undefined);
    signedInAs([Permissions.Cases.VIEW_CASES]);
    const { renderAt } = await freshApp();
    renderAt('/authentication-error');
    expect(await screen.findByText('The authentication server returned an error and your credentials could not be checked.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("says the page cannot be shown, in the shell, when the page's code fails to load", async () => {
    vi.doMock(RARELY_SHOWN, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    fakeServer(() => undefined);
    signedInAs([Permissions.Cases.VIEW_CASES]);
    const { renderAt } = await freshApp();
    renderAt('/authentication-error');
    expect(await screen.findByText(Texts.global.pageError)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("shows react-admin's error page outside the shell when the sign-in callback's code fails to load", async () => {
    vi.doMock(RARELY_SHOWN, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    fakeServer(() => undefined);
    const { renderAt } = await freshApp();
    renderAt('/auth-callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
