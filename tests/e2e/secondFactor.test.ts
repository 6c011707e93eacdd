import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { apiAs, DEMO_PASSWORD, hasChromium, launchBrowser, newPage, screenshot, servers, shows } from './browser.js';

const F = Texts.secondFactor;

/** The code an authenticator app would show `steps` periods from now. */
const codeOf = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: Date.now() + steps * 30_000 });

describe.runIf(hasChromium).each(servers)('two-step sign-in on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a user sets it up from /account, signs out, and signs in with a code', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await page.goto('/login');
    await page.getByLabel('Username').fill('palmetto');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('root') ?? '{}') as { account: { user: { Id: number } } }).account.user.Id);

    await page.goto('/account');
    const panel = page.getByRole('region', { name: F.title });
    await shows(panel.getByText(F.status.off));
    await panel.getByRole('button', { name: F.enrol.start }).click();
    await shows(panel.getByRole('img', { name: F.enrol.qrAlt }));
    const secret = (await panel.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, `${server.name}-second-factor-enrol`);
    await panel.getByLabel(F.enrol.codeLabel).fill(codeOf(secret));
    await panel.getByRole('button', { name: F.enrol.confirm }).click();
    const codes = panel.getByRole('list', { name: F.recovery.title });
    await shows(codes);
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await panel.getByRole('button', { name: F.recovery.done }).click();
    await shows(panel.getByText(F.status.on));

    await page.getByRole('button', { name: 'Pat Palmer' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel('Username').fill('palmetto');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const step = page.getByRole('form', { name: F.signIn.codeStepTitle });
    await shows(step);
    await screenshot(page, `${server.name}-second-factor-code`);
    // The confirming code's time step is used: the next step's code (within the accepted window) signs in.
    await step.getByLabel(F.enrol.codeLabel).fill(codeOf(secret, 1));
    await step.getByRole('button', { name: F.signIn.verify }).click();
    await shows(page.getByText('Welcome back, Pat Palmer'));
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(errors).toEqual([]);
    await context.close();

    // Leave the demo user as other tests expect it.
    const admin = await apiAs(server.baseUrl, 'sysadmin');
    expect((await admin('DELETE', `/api/identity/users/${userId}/second-factor`)).status).toBe(200);
  });
});
