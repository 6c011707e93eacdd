import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectCount, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

describe.runIf(hasChromium).each(servers)('lists on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator creates a list, adds and disables an item, renames and deletes the list', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/lists');
    const lists = page.getByRole('table', { name: 'Lists' });
    await shows(lists.getByText('Region Type'));

    await page.getByRole('button', { name: 'Add List' }).click();
    await page.getByRole('dialog').getByLabel('List Name').fill('Interview Setting');
    await page.getByRole('dialog').getByRole('button', { name: 'Add List' }).click();
    await shows(page.getByText('The list Interview Setting was created.'));

    await lists.getByText('Interview Setting').click();
    await shows(page.getByText('There are no items in this list.'));
    await page.getByRole('button', { name: 'Add Interview Setting' }).click();
    await page.getByRole('dialog').getByLabel('Short').fill('HOME');
    await page.getByRole('dialog').getByLabel('Description').fill('At home');
    await page.getByRole('dialog').getByRole('button', { name: 'Add Interview Setting' }).click();
    await shows(page.getByText('HOME was added to Interview Setting.'));
    const items = page.getByRole('table', { name: 'Interview Setting items' });
    await items.getByRole('button', { name: 'Disable HOME' }).click();
    await shows(page.getByText('HOME was disabled.'));
    await shows(page.getByText('There are no items in this list.'));
    await screenshot(page, `${server.name}-lists`);

    await lists.getByRole('button', { name: 'Rename Interview Setting' }).click();
    await page.getByRole('dialog').getByLabel('List Name').fill('Interview Place');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await shows(page.getByText('The list was renamed to Interview Place.'));
    await lists.getByRole('button', { name: 'Delete Interview Place' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await shows(page.getByText('The list Interview Place was deleted.'));
    await expectCount(lists.getByText('Interview Place'), 0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
