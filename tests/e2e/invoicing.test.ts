import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiAs, checkTreeItem, expectCount, expectText, hasChromium, launchBrowser, newPage, openTreeNodes, screenshot, servers, shows, signIn } from './browser.js';

/**
 * Invoicing in a real browser (spec 002 §2.7): a manager checks an org in the tree, opens its card, checks every case
 * and creates the invoice; the cases leave the list, and creating the same invoice again is refused.
 */
describe.runIf(hasChromium).each(servers)('invoicing on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a manager invoices the uninvoiced cases of an org once', async () => {
    const api = await apiAs(server.baseUrl, 'manager');
    const orgs = (await api('GET', '/api/orgs?includeHidden=true')).body as { Id: number; Name: string }[];
    const acme = orgs.find((o) => o.Name === 'Acme Logistics')!;
    const before = (await api('POST', '/api/invoices/get-cases', { Org_Ids: [acme.Id] })).body as { Cases: { Id: number; TotalCost: number }[] }[];
    const caseIds = before[0].Cases.map((c) => c.Id);
    expect(caseIds.length).toBeGreaterThan(0);

    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'manager');
    await page.goto('/invoices');
    await shows(page.getByText('Please select which orgs you would like to retrieve invoiceable cases for.'));
    const tree = page.getByRole('tree', { name: 'Orgs' });
    // Only the first node starts expanded.
    await expectCount(tree.getByRole('treeitem', { name: /^Acme Logistics/ }), 0);
    await openTreeNodes(tree, ['Commercial Clients']);
    const acmeItem = tree.getByRole('treeitem', { name: /^Acme Logistics/ });
    await shows(acmeItem);
    // Acme has billable cases: bold in the tree.
    await expect.poll(() => acmeItem.locator('.MuiTreeItem-label').first().evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    await checkTreeItem(acmeItem);
    const card = page.getByRole('region', { name: 'Acme Logistics' });
    await expectText(card, new RegExp(`${caseIds.length} uninvoiced cases?`));
    await card.getByRole('button', { name: /Acme Logistics/ }).click();
    const table = page.getByRole('table', { name: 'Uninvoiced cases of Acme Logistics' });
    await shows(table);
    const total = before[0].Cases.reduce((sum, c) => sum + Math.round(c.TotalCost * 100), 0) / 100;
    await expectText(table.getByLabel('Total of the cases shown'), new RegExp(total.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace('.', '\\.')));
    await table.locator('thead input[type="checkbox"]').check();
    await screenshot(page, `${server.name}-invoicing`);
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await shows(page.getByText('The cases were invoiced successfully.'));
    await shows(page.getByText('Please select which orgs you would like to retrieve invoiceable cases for.'));

    // The browser's sign-in ended the earlier API session (one session per user): sign in again.
    const apiAgain = await apiAs(server.baseUrl, 'manager');
    const after = (await apiAgain('POST', '/api/invoices/get-cases', { Org_Ids: [acme.Id] })).body as { Cases: unknown[] }[];
    expect(after[0].Cases).toHaveLength(0);
    const again = await apiAgain('POST', '/api/invoices/create-invoice', { Case_Ids: caseIds, OrgName: 'Acme Logistics' });
    expect(again.status).toBe(409);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the tree sits above the cards, and a case opens into its expenses', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'manager');
    await page.goto('/invoices');
    const tree = page.getByRole('tree', { name: 'Orgs' });
    await openTreeNodes(tree, ['Federal Clients', 'Department of Commerce']);
    const item = tree.getByRole('treeitem', { name: /^DOC Atlanta/ });
    await shows(item);
    await checkTreeItem(item);
    const card = page.getByRole('region', { name: 'DOC Atlanta Field Office' });
    await card.getByRole('button', { name: /DOC Atlanta Field Office/ }).click();
    const table = page.getByRole('table', { name: 'Uninvoiced cases of DOC Atlanta Field Office' });
    await shows(table);
    await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await screenshot(page, `${server.name}-invoicing-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
