import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectCount, expectValue, hasChromium, launchBrowser, newPage, screenshot, SCREENSHOT_DIR, servers, shows, signIn } from './browser.js';

const NEW_PASSWORD = 'Harbor-Lantern-Quill-2027';

describe.runIf(hasChromium).each(servers)('manage account on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a user updates the own profile, changes the password and signs in with the new one', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'contractor');
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'My account' });
    await expectValue(form.getByRole('textbox', { name: 'First Name' }), 'Cora');
    // An independent contractor is in no Employee-tagged group: no settings, credentials or clearances.
    await expectCount(form.getByRole('region', { name: 'Settings' }), 0);
    await expectCount(form.getByRole('region', { name: 'Credentials' }), 0);
    await screenshot(page, `${server.name}-account`);

    await form.getByRole('textbox', { name: 'Middle Name' }).fill('Lynn');
    await form.getByRole('button', { name: 'Add Phone' }).click();
    const phones = form.getByRole('textbox', { name: 'Phone Number' });
    await phones.last().fill('7045550199');
    await expectValue(phones.last(), '704-555-0199');
    await form.getByRole('button', { name: 'Add Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Address' });
    await dialog.getByRole('textbox', { name: 'Address Line 1' }).fill('500 Tryon Street');
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await shows(dialog.getByText('City is required.'));
    await dialog.getByRole('textbox', { name: 'City' }).fill('Charlotte');
    await dialog.getByRole('textbox', { name: 'Postal Code' }).fill('28202');
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expectCount(dialog, 0);
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await shows(page.getByText('Your account was successfully updated.'));

    await page.reload();
    await expectValue(page.getByRole('textbox', { name: 'Middle Name' }), 'Lynn');
    await shows(page.getByRole('table', { name: 'Addresses' }).getByText('500 Tryon Street'));
    await expect.poll(() => page.getByRole('textbox', { name: 'Phone Number' }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain('704-555-0199');

    const panel = page.getByRole('region', { name: 'Password' });
    const change = panel.getByRole('button', { name: 'Change Password' });
    await panel.getByLabel('Old Password').fill('demo-pass-2026');
    await panel.getByLabel('New Password').fill('short');
    expect(await change.isDisabled()).toBe(true);
    await panel.getByLabel('Confirm Password').fill('short');
    await change.click();
    await shows(panel.locator('.Mui-error').filter({ hasText: /password/i }));
    await screenshot(page, `${server.name}-account-password-errors`);
    await panel.getByLabel('New Password').fill(NEW_PASSWORD);
    await panel.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await change.click();
    await shows(page.getByText('Your password was successfully updated.'));
    expect(errors).toEqual([]);
    await context.close();

    const again = await newPage(browser, server.baseUrl, 'phone');
    await signIn(again.page, 'contractor', NEW_PASSWORD);
    await again.page.goto('/account');
    await expectValue(again.page.getByRole('textbox', { name: 'Middle Name' }), 'Lynn');
    await again.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${server.name}-account-phone.png`) });
    await again.page.getByRole('region', { name: 'Password' }).scrollIntoViewIfNeeded();
    await again.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${server.name}-account-password-phone.png`) });
    expect(again.errors).toEqual([]);
    await again.context.close();
  });
});
