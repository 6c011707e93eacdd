import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { apiAs, expectCount, expectText, expectValue, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn, WAIT_MS } from './browser.js';
import { Live } from '../../shared/constants.js';

describe.runIf(hasChromium).each(servers)('the shell on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a system administrator signs in, sees the navigation, saves a security setting and signs out', async () => {
    const { page, errors, context } = await newPage(browser, server.baseUrl);
    await page.goto('/login');
    await shows(page.getByText(/Version \d+\.\d+\.\d+/));
    await screenshot(page, `${server.name}-login`);

    await signIn(page, 'sysadmin');
    await shows(page.getByText('Welcome back, Avery Morgan'));
    await page.waitForURL('**/cases');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Cases', 'Items', 'Invoices', 'Reports', 'Admin']) {
      await shows(nav.getByRole('button', { name: label, exact: true }).or(nav.getByRole('link', { name: label, exact: true })));
    }
    await screenshot(page, `${server.name}-home`);

    await nav.getByRole('button', { name: 'Admin' }).click();
    const menu = page.getByRole('menu');
    for (const label of ['Orgs', 'Case Templates', 'Item Templates', 'Section Templates', 'Expense Types', 'Lists', 'IAM', 'Users', 'Roles', 'Groups', 'Security']) {
      await shows(menu.getByRole('menuitem', { name: label, exact: true }));
    }
    await screenshot(page, `${server.name}-admin-menu`, { fullPage: false });
    // IAM is a link to /identity, which opens the users.
    await menu.getByRole('menuitem', { name: 'IAM', exact: true }).click();
    await page.waitForURL('**/identity/users');
    await nav.getByRole('button', { name: 'Admin' }).click();
    await menu.getByRole('menuitem', { name: 'Security' }).click();
    await shows(page.getByRole('heading', { name: 'Security' }));
    const minutes = page.getByLabel('Auto-logout (minutes)');
    await minutes.fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await shows(page.getByText(Texts.security.saved));
    await screenshot(page, `${server.name}-security`);

    await page.reload();
    await expectValue(page.getByLabel('Auto-logout (minutes)'), '45');
    await minutes.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await shows(page.getByText(Texts.security.saved).first());

    await page.getByRole('button', { name: 'Avery Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a client sees no admin menu, and an admin page shows the not-found view', async () => {
    const { page, context } = await newPage(browser, server.baseUrl);
    await signIn(page, 'client');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await shows(nav.getByRole('link', { name: 'Cases' }));
    await expectCount(nav.getByRole('button', { name: 'Admin' }), 0);
    await expectCount(nav.getByRole('link', { name: 'Invoices' }), 0);
    await page.goto('/security');
    await shows(page.getByText(Texts.global.notFound));
    await page.goto('/no/such/page');
    await shows(page.getByText(Texts.global.notFound));
    await screenshot(page, `${server.name}-client-not-found`);
    await context.close();
  });

  it('a second sign-in of the same user logs the first browser out with the spec text, by its live stream where live notices reach it', async () => {
    // A case admin's first browser holds the live-notice stream, which the server ends with the reason when the same
    // user signs in elsewhere — at the stream's next heartbeat, which checks the sessions of the open streams (at most
    // Live.HEARTBEAT_MS later): the first browser says so and signs out without making a call of its own.
    const first = await newPage(browser, server.baseUrl);
    await signIn(first.page, 'caseadmin');
    const second = await newPage(browser, server.baseUrl);
    await signIn(second.page, 'caseadmin');
    await shows(first.page.getByText(Texts.global.signedInElsewhere), Live.HEARTBEAT_MS + WAIT_MS);
    await first.page.waitForURL('**/login');
    await first.context.close();
    await second.context.close();
  });

  it('a second sign-in of the same user logs the first browser out with the spec text on its next call', async () => {
    // An investigator gets no live notices (no View Cases): the first browser learns of the other sign-in from the
    // 419 of its next call.
    const first = await newPage(browser, server.baseUrl);
    await signIn(first.page, 'investigator');
    const second = await newPage(browser, server.baseUrl);
    await signIn(second.page, 'investigator');
    await first.page.goto('/items');
    await shows(first.page.getByText(Texts.global.signedInElsewhere));
    await first.page.waitForURL('**/login');
    await first.context.close();
    await second.context.close();
  });

  it('warns before the automatic logout and counts down', async () => {
    const admin = await apiAs(server.baseUrl, 'sysadmin');
    await admin('PUT', '/api/security', { AutoLogoutTime: 1, EnablePasswordExpiration: true, PasswordExpirationTime: null });
    const { page, context } = await newPage(browser, server.baseUrl);
    try {
      await signIn(page, 'reviewer');
      const timer = page.getByRole('timer');
      await expectText(timer, /^Your session will end in 0:[0-5]\d$/);
      await screenshot(page, `${server.name}-session-warning`);
    } finally {
      await admin('PUT', '/api/security', { AutoLogoutTime: null, EnablePasswordExpiration: true, PasswordExpirationTime: null });
      await context.close();
    }
  });

  it('keeps an error toast off the buttons of an open dialog at 1366×768', async () => {
    const { page, errors, context } = await newPage(browser, server.baseUrl);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'sysadmin');
    await page.goto('/sections');
    await page.getByRole('button', { name: 'Add Section Template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Section Template Name').fill('Toast Check');
    // Fields without labels: the dialog fills the window's height, so its buttons sit at the bottom right.
    for (let i = 0; i < 4; i += 1) await dialog.getByRole('button', { name: 'Add Field', exact: true }).click();
    const add = dialog.getByRole('button', { name: 'Add Section Template' });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await add.click();
    const toast = page.locator('.MuiSnackbar-root').filter({ hasText: Texts.configuration.sections.missingInputs });
    await shows(toast);
    await page.waitForTimeout(400); // the toast's entrance
    await screenshot(page, `${server.name}-toast-over-dialog`);
    const box = (await toast.boundingBox())!;
    for (const button of [add, cancel]) {
      const target = (await button.boundingBox())!;
      const overlaps = box.x < target.x + target.width && target.x < box.x + box.width && box.y < target.y + target.height && target.y < box.y + box.height;
      expect(overlaps, `the toast ${JSON.stringify(box)} covers ${JSON.stringify(target)}`).toBe(false);
    }
    // Stacked above the backdrop: the toast itself takes the click at its centre.
    expect(await page.evaluate(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.MuiSnackbar-root')), { x: box.x + box.width / 2, y: box.y + box.height / 2 })).toBe(true);
    // With the pointer resting on the toast, Cancel still takes the next click.
    await toast.hover();
    await cancel.click({ timeout: 3_000 });
    await expectCount(page.getByRole('dialog'), 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone: the menu collapses behind a button', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'sysadmin');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await shows(menu.getByText('Avery Morgan'));
    await shows(menu.getByRole('link', { name: 'Manage Account' }));
    await shows(menu.getByRole('link', { name: 'Expense Types' }));
    await screenshot(page, `${server.name}-phone-menu`);
    await menu.getByRole('link', { name: 'Expense Types' }).click();
    await shows(page.getByRole('heading', { name: 'Expense Types' }));
    await shows(page.getByRole('cell', { name: 'Mileage' }));
    await screenshot(page, `${server.name}-phone-expense-types`);
    await context.close();
  });
});
