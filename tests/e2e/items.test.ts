import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectCount, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

describe.runIf(hasChromium).each(servers)('item search on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a case administrator lists the items of every case and narrows them by status and name', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.getByRole('link', { name: 'Items' }).first().click();
    await page.waitForURL(/\/items$/);
    const table = page.getByRole('table', { name: 'Items' });
    await shows(table.getByRole('row').nth(1));
    // The item numbers (their cell shows the paperclip of an item with attachments).
    await shows(table.getByText(/^\d{3}$/));
    await screenshot(page, 'items-search');
    const panel = page.getByRole('region', { name: 'Item filters' });
    await panel.getByRole('checkbox', { name: 'Accepted', exact: true }).check();
    await shows(table.getByText('Accepted').first());
    for (const other of ['Awaiting Assignment', 'In Review', 'Rejected']) await expectCount(table.getByText(other, { exact: true }), 0);
    // The case number opens the case; the item number (and the rest of the row) the item.
    await table.getByRole('row').nth(1).getByRole('link', { name: /^DOS-/ }).click();
    await page.waitForURL(/\/cases\/\d+$/);
    await shows(page.getByRole('heading', { name: /^Case DOS-/ }));
    await page.goBack();
    await table.getByRole('row').nth(1).getByRole('link', { name: /^\d{3}$/ }).click();
    await page.waitForURL(/\/cases\/\d+\/items\/\d+$/);
    await shows(page.getByRole('heading', { name: 'Item', exact: true }));
    await shows(page.getByRole('group', { name: 'Item progress' }).or(page.getByRole('list', { name: 'Item progress' })));
    await page.goBack();
    await page.getByRole('textbox', { name: 'Last Name' }).fill('zzzz-nobody');
    await shows(page.getByText(/There are no items/));
    expect(errors).toEqual([]);
    await context.close();
  });
});
