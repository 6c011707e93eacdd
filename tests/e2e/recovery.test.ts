import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { linkIn, mailsSince, outboxMark } from '../support/outbox.js';
import { hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

describe.runIf(hasChromium).each(servers)('account recovery on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a user resets a forgotten password through the e-mailed link and signs in with the new one', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The sign-in page's own Username field stays until the lazily loaded page replaces it.
    await shows(page.getByRole('button', { name: 'Send Password Reset Link' }));
    const mark = await outboxMark(server.dataDir);
    await page.getByLabel('Username').fill('ncsc');
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await shows(page.getByText(Texts.account.forgotPasswordNote));
    await screenshot(page, `${server.name}-forgot-password`);

    await expect.poll(async () => (await mailsSince(server.dataDir, mark, 'ncsc@')).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsSince(server.dataDir, mark, 'ncsc@');
    const link = linkIn(mail, 'http');
    expect(link.pathname).toBe('/reset-password');
    await page.goto(link.pathname + link.search);
    await page.getByLabel('Username').fill('ncsc');
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await shows(page.getByText('The password must be at least 12 characters long.'));
    await page.getByLabel('New Password').fill('Courthouse-steps-in-spring');
    await page.getByLabel('Confirm Password').fill('Courthouse-steps-in-spring');
    await screenshot(page, `${server.name}-reset-password`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await shows(page.getByText(Texts.account.passwordChanged));
    await page.waitForURL('**/login');

    await signIn(page, 'ncsc', 'Courthouse-steps-in-spring');
    await shows(page.getByText('Welcome back, Nick Carter'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the same for an unknown username, and refuses a made-up reset code', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, 'phone');
    await page.goto('/forgot-password');
    await page.getByLabel('Username').fill('nobody-by-this-name');
    await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
    await shows(page.getByText(Texts.account.forgotPasswordNote));
    await screenshot(page, `${server.name}-phone-forgot-password`);
    await page.goto('/reset-password?code=not-a-real-code');
    await page.getByLabel('Username').fill('ncsc');
    await page.getByLabel('New Password').fill('Another-long-passphrase');
    await page.getByLabel('Confirm Password').fill('Another-long-passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await shows(page.getByText('Invalid token.'));
    await context.close();
  });
});
