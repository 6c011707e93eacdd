import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectCount, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

describe.runIf(hasChromium).each(servers)('expense types on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator adds, edits, filters and hides an expense type', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/expense-types');
    const table = page.getByRole('table', { name: 'Expense Types' });
    await shows(table.getByRole('cell', { name: 'Mileage' }));

    await page.getByRole('button', { name: 'Add Expense Type' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Expense Type' }).click();
    await shows(dialog.getByText('Name is required.'));
    await screenshot(page, `${server.name}-expense-type-errors`);
    await dialog.getByLabel('Name').fill('Toll Charges');
    await dialog.getByLabel('UOM').click();
    await page.getByRole('option', { name: 'Each' }).click();
    await dialog.getByLabel('Reimbursable').check();
    await dialog.getByRole('button', { name: 'Add Expense Type' }).click();
    await shows(page.getByText('The expense type Toll Charges was created successfully.'));
    const row = table.getByRole('row', { name: /Toll Charges/ });
    await shows(row);

    await row.getByRole('button', { name: 'Edit Toll Charges' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Toll Fees');
    await page.getByRole('dialog').getByRole('button', { name: 'Save Expense Type' }).click();
    await shows(table.getByRole('cell', { name: 'Toll Fees' }));

    await page.getByLabel('Filter Name').fill('toll');
    await expectCount(table.getByRole('row'), 2);
    await table.getByRole('button', { name: 'Hide Toll Fees' }).click();
    await shows(page.getByText('The expense type Toll Fees was deactivated.'));
    await shows(table.getByRole('button', { name: 'Restore Toll Fees' }));
    await screenshot(page, `${server.name}-expense-types`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
