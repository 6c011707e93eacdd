import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expectChecked, expectCount, expectText, expectValue, hasChromium, launchBrowser, newPage, screenshot, SCREENSHOT_DIR, servers, shows, signIn } from './browser.js';

/** The colour of a row's left edge: red for a deactivated account, green for an active one. */
const edgeColor = (row: Locator) => row.locator('td').first().evaluate((cell) => getComputedStyle(cell).borderLeftColor);
const RED = 'rgb(198, 40, 40)';
const GREEN = 'rgb(46, 125, 50)';

/** What the screen shows (not the whole page): for full-screen dialogs on a phone. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

describe.runIf(hasChromium).each(servers)('users and groups on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator creates an employee with two emails and a clearance, deactivates and reactivates the account', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'sysadmin');
    await page.goto('/identity/users');
    const table = page.getByRole('table', { name: 'Users' });
    await shows(table.getByRole('cell', { name: 'sysadmin', exact: true }));
    await screenshot(page, `${server.name}-users`);

    await page.getByRole('button', { name: 'New Employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Employee' });
    await shows(dialog.getByRole('button', { name: 'Investigator' }));
    await shows(dialog.getByRole('region', { name: 'Settings' }));
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await shows(dialog.getByText('You must choose an organization.'));
    await shows(dialog.getByText('User needs at least one email.'));
    await screenshot(page, `${server.name}-user-new-errors`);

    await dialog.getByRole('textbox', { name: 'Username' }).fill('hwalker');
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Hana');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Walker');
    await dialog.getByRole('button', { name: 'Choose' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an organization' });
    await picker.getByText('Dossier Investigations (DI)', { exact: true }).dblclick();
    await expectCount(picker, 0);
    await expectValue(dialog.getByRole('textbox', { name: 'Client/Facility' }), 'Dossier Investigations');

    await dialog.getByRole('button', { name: 'Add Email' }).click();
    await dialog.getByRole('button', { name: 'Add Email' }).click();
    const emails = dialog.getByRole('textbox', { name: 'Email' });
    await emails.nth(0).fill('hana.walker@example.com');
    await emails.nth(1).fill('hana@home.example.com');
    await dialog.getByRole('checkbox', { name: 'Primary email 1' }).check();
    await dialog.getByRole('button', { name: 'Add Clearance' }).click();
    const clearance = dialog.getByRole('listitem', { name: 'Clearance 1' });
    await clearance.getByRole('group', { name: /Last Investigation/ }).getByRole('spinbutton', { name: 'Month' }).click();
    await page.keyboard.type('03152024');
    await clearance.getByRole('textbox', { name: 'Organization' }).fill('DOC');
    await screenshot(page, `${server.name}-user-new`);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await shows(page.getByText('Hana Walker was created successfully.'));
    await expectCount(dialog, 0);

    await page.getByRole('textbox', { name: 'Filter ID' }).fill('hwalker');
    const row = table.locator('tr', { has: page.getByRole('cell', { name: 'hwalker', exact: true }) });
    // the header, the one match and its (closed) expansion row
    await expectCount(table.getByRole('row'), 3);
    await row.click();
    const form = page.getByRole('form', { name: 'User record' });
    await shows(form.getByRole('region', { name: 'Clearances' }));
    await expectCount(form.getByRole('textbox', { name: 'Email' }), 2);
    await expectCount(form.getByRole('region', { name: 'Clearances' }).getByRole('listitem'), 1);

    const status = form.getByRole('region', { name: 'Account Status' });
    await status.getByRole('checkbox', { name: 'Forever' }).check();
    await status.getByRole('button', { name: 'Deactivate' }).click();
    await shows(page.getByText("Hana Walker's account was deactivated."));
    await shows(status.getByText('Deactivated: Forever'));
    await expectText(row, /hwalker/);
    await expect.poll(() => edgeColor(row)).toBe(RED);
    await screenshot(page, `${server.name}-user-deactivated`);

    await status.getByRole('button', { name: 'Reactivate' }).click();
    await shows(page.getByText("Hana Walker's account was reactivated."));
    await shows(status.getByText('Active'));
    await expect.poll(() => edgeColor(row)).toBe(GREEN);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('users, groups and roles work on a phone', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'sysadmin');
    await page.goto('/identity/users');
    await shows(page.getByRole('table', { name: 'Users' }).getByText('sysadmin', { exact: true }));
    await screenshot(page, `${server.name}-users-phone`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await shows(page.getByRole('button', { name: 'Clear Filters' }));
    await page.waitForTimeout(400);
    await viewShot(page, `${server.name}-users-filters-phone`);
    await page.getByRole('button', { name: 'Close filters' }).click();
    await page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /investigator/ }).first().click();
    await shows(page.getByRole('form', { name: 'User record' }).getByRole('region', { name: 'Settings' }));
    await page.waitForTimeout(400);
    await viewShot(page, `${server.name}-user-edit-phone`);
    await page.getByRole('dialog').getByRole('region', { name: 'Account Status' }).scrollIntoViewIfNeeded();
    await viewShot(page, `${server.name}-user-edit-status-phone`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expectCount(page.getByRole('dialog'), 0);
    await page.getByRole('button', { name: 'New Client' }).click();
    await shows(page.getByRole('dialog', { name: 'New Client' }));
    await page.waitForTimeout(400);
    await viewShot(page, `${server.name}-user-new-phone`);
    await page.keyboard.press('Escape');
    await expectCount(page.getByRole('dialog'), 0);

    await page.goto('/identity/groups');
    await page.getByRole('button', { name: 'Edit Investigator' }).click();
    await shows(page.getByRole('group', { name: 'Cases roles' }));
    await screenshot(page, `${server.name}-groups-phone`);
    await page.goto('/identity/roles');
    await screenshot(page, `${server.name}-roles-phone`);
    await page.getByRole('textbox', { name: 'Filter roles' }).fill('view cases');
    await shows(page.getByRole('cell', { name: 'View Cases', exact: true }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an administrator creates a group, edits its roles and tags, and deletes it", async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'sysadmin');
    await page.goto('/identity/groups');
    await shows(page.getByRole('table', { name: 'Groups' }).getByText('Investigator', { exact: true }));
    await page.getByRole('button', { name: 'New Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Group' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Auditors');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Read-only access for the yearly audit.');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await shows(page.getByText('The group Auditors was created successfully.'));

    const editor = page.getByRole('region', { name: 'Edit group Auditors' });
    const reports = editor.getByRole('group', { name: 'Reports roles' });
    await reports.getByRole('checkbox', { name: 'View Report Data' }).check();
    await editor.getByRole('group', { name: 'Cases roles' }).getByRole('checkbox', { name: 'View Cases', exact: true }).check();
    await editor.getByRole('combobox', { name: 'Tags' }).fill('Auditor');
    await page.keyboard.press('Enter');
    await shows(editor.getByRole('button', { name: 'Auditor' }));
    await screenshot(page, `${server.name}-group-edit`);

    await page.reload();
    await page.getByRole('button', { name: 'Edit Auditors' }).click();
    const reloaded = page.getByRole('region', { name: 'Edit group Auditors' });
    await shows(reloaded.getByRole('group', { name: 'Reports roles' }));
    await expectChecked(reloaded.getByRole('group', { name: 'Reports roles' }).getByRole('checkbox', { name: 'View Report Data' }), true);
    await expectChecked(reloaded.getByRole('group', { name: 'Cases roles' }).getByRole('checkbox', { name: 'Edit Cases', exact: true }), false);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/roles/')),
      reloaded.getByRole('group', { name: 'Cases roles' }).getByRole('checkbox', { name: 'View Cases', exact: true }).uncheck(),
    ]);
    await shows(page.getByRole('row', { name: /Auditors.*Auditor/ }));

    await page.getByRole('button', { name: 'Delete Auditors' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete group Auditors?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await shows(page.getByText('Auditors was deleted'));
    await expectCount(page.getByRole('button', { name: 'Edit Auditors' }), 0);
    await screenshot(page, `${server.name}-groups`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
