import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { FakeQbo } from '../support/fakeQbo.js';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.js';
import { apiAs, checkTreeItem, expectText, hasChromium, launchBrowser, newPage, openTreeNodes, screenshot, shows, signIn } from './browser.js';

/**
 * QuickBooks from the browser (spec 002 §2.1, §2.7, §2.10; issue 13 item 4), on a Dossier server of its own configured
 * for a local server that speaks QuickBooks' endpoints: a manager connects from an org's Invoices tab through the
 * pop-up, sees the companies, and an invoice created on the invoicing screen reaches QuickBooks with its lines.
 */
describe.runIf(hasChromium)('QuickBooks Online', () => {
  let browser: Browser;
  let qbo: FakeQbo;
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    qbo = await new FakeQbo().start();
    dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-e2e-qbo-'));
    [server, browser] = await Promise.all([
      startServerProcess('qbo', 'scripts/start.mjs', (baseUrl) => ({ ...qbo.env(baseUrl), PUBLIC_URL: baseUrl, DOSSIER_DATA_DIR: dataDir, DATABASE_URL: '' })),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await qbo?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a manager connects QuickBooks in a pop-up, then invoices an org\'s cases to its company', async () => {
    const api = await apiAs(server.baseUrl, 'manager');
    const orgs = (await api('GET', '/api/orgs?includeHidden=true')).body as { Id: number; Name: string }[];
    const acme = orgs.find((o) => o.Name === 'Acme Logistics')!;
    const before = (await api('POST', '/api/invoices/get-cases', { Org_Ids: [acme.Id] })).body as { CanInvoice: boolean; Cases: { Id: number; TotalCost: number }[] }[];
    expect(before[0].Cases.length).toBeGreaterThan(0);
    // QuickBooks is configured and Acme has no company there yet.
    expect(before[0].CanInvoice).toBe(false);

    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'manager');
    await page.goto(`/orgs/${acme.Id}/invoices`);
    await shows(page.getByText('QuickBooks is not connected', { exact: false }));
    await screenshot(page, 'qbo-not-connected');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect to QuickBooks' }).click();
    const popup = await popupOpened;
    // QuickBooks (here: the local one) consents and sends the pop-up back to /qbo/auth, which hands the answer over.
    await popup.waitForURL(/\/qbo\/auth\?code=/);
    // Back from QuickBooks' site, the pop-up still knows its opener (the headers keep them in one browsing context
    // group) and closes itself once it has handed the answer over.
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
    const closed = popup.waitForEvent('close');
    await shows(popup.getByText('Authentication received, this window will close shortly...'));
    await closed;
    await shows(page.getByText('QuickBooks is connected.'));
    const company = page.getByRole('combobox', { name: /QuickBooks Company/ });
    await expectText(company, /None/);
    await company.click();
    await page.getByRole('option', { name: 'Acme Logistics' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await shows(page.getByText('The invoice settings were updated.'));
    await screenshot(page, 'qbo-connected');

    await page.goto('/invoices');
    const tree = page.getByRole('tree', { name: 'Orgs' });
    await openTreeNodes(tree, ['Commercial Clients']);
    const acmeItem = tree.getByRole('treeitem', { name: /^Acme Logistics/ });
    await shows(acmeItem);
    await checkTreeItem(acmeItem);
    const card = page.getByRole('region', { name: 'Acme Logistics' });
    await card.getByRole('button', { name: /Acme Logistics/ }).click();
    const table = page.getByRole('table', { name: 'Uninvoiced cases of Acme Logistics' });
    await shows(table);
    await table.locator('thead input[type="checkbox"]').check();
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    // Asked first, saying the invoice goes to QuickBooks.
    const ask = page.getByRole('dialog', { name: Texts.invoices.confirm.title });
    await shows(ask.getByText(Texts.invoices.confirm.sent));
    await ask.getByRole('button', { name: 'Create Invoice' }).click();
    await shows(page.getByText('The cases were invoiced successfully.'));

    expect(qbo.invoices).toHaveLength(1);
    const [sent] = qbo.invoices;
    expect(sent.body.CustomerRef.value).toBe('59');
    const total = before[0].Cases.reduce((sum, c) => sum + Math.round(c.TotalCost * 100), 0);
    expect(Math.round(sent.body.Line.reduce((sum, l) => sum + l.Amount * 100, 0))).toBe(total);
    expect(sent.body.Line.length).toBeGreaterThanOrEqual(before[0].Cases.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
