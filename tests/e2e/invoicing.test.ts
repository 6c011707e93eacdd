import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { apiAs, checkTreeItem, expectCount, expectText, hasChromium, launchBrowser, newPage, openTreeNodes, screenshot, servers, shows, signIn } from './browser.js';

/**
 * Invoicing in a real browser (spec 002 §2.7): a manager checks an org in the tree, opens its card, checks every case
 * and creates the invoice after a summary; the cases leave the list, the invoice is found again in Invoice History with
 * its lines, and creating the same invoice again is refused.
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
    // Asked first, with what the invoice will hold.
    const ask = page.getByRole('dialog', { name: Texts.invoices.confirm.title });
    const money = `$${total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await shows(ask.getByText(`An invoice for Acme Logistics: ${caseIds.length === 1 ? '1 case' : `${caseIds.length} cases`}, ${money} in all, dated today`, { exact: false }));
    await screenshot(page, `${server.name}-invoicing-confirm`);
    await ask.getByRole('button', { name: 'Create Invoice' }).click();
    await shows(page.getByText('The cases were invoiced successfully.'));
    await shows(page.getByText('Please select which orgs you would like to retrieve invoiceable cases for.'));

    // The invoice is there to be found again: Invoice History, newest first, with its lines.
    await page.getByRole('link', { name: Texts.invoices.history.open }).click();
    await page.waitForURL(/\/invoices\/history$/);
    await shows(page.getByRole('heading', { name: Texts.invoices.history.title }));
    const invoices = page.getByRole('table', { name: 'Invoices' });
    const newest = invoices.getByRole('row').nth(1);
    await expectText(newest, /Acme Logistics/);
    await expectText(newest, new RegExp(money.replace(/[$.]/g, (c) => `\\${c}`)));
    await expectText(newest, new RegExp(Texts.invoices.history.notSent));
    await newest.getByText('Acme Logistics').click();
    const lines = page.getByRole('table', { name: /^Lines of invoice \d+$/ });
    await shows(lines);
    // A line per case, and one per passthrough expense.
    await expect.poll(() => lines.locator('tbody tr').count()).toBeGreaterThanOrEqual(caseIds.length);
    await screenshot(page, `${server.name}-invoice-history`);

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
    // Invoice History reads on a phone too: the invoices, a row opening into its lines, nothing wider than the screen.
    await page.getByRole('link', { name: Texts.invoices.history.open }).click();
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await shows(invoices.getByRole('row').nth(1));
    await invoices.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await shows(page.getByRole('table', { name: /^Lines of invoice \d+$/ }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, `${server.name}-invoice-history-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
