import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ReportTexts } from '../../shared/texts/reports.js';
import { expectCount, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

const T = ReportTexts;

/**
 * Reports in a real browser (spec 002 §2.9): a manager picks a report from its folder, views it, opens a row's Details
 * rows, and downloads it as Excel/CSV; on a phone the folders sit above the form.
 */
describe.runIf(hasChromium).each(servers)('reports on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a manager views a report with its nested rows and downloads it as Excel/CSV', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'manager');
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.waitForURL('**/reports');
    const folders = page.getByRole('navigation', { name: 'Report folders' });
    await shows(folders.getByRole('list', { name: 'Cases' }));
    await shows(page.getByText(T.empty));
    await folders.getByText('Open cases by org').click();
    const panel = page.getByRole('region', { name: 'Open cases by org' });
    await shows(panel.getByRole('button', { name: T.view }));
    expect(await panel.getByRole('button', { name: T.download }).isDisabled()).toBe(true);

    await panel.getByRole('button', { name: T.view }).click();
    const results = page.getByRole('table', { name: 'Report results' });
    await shows(results);
    await results.locator('tbody tr').first().click();
    const details = page.getByRole('table', { name: 'Details' });
    await shows(details);
    await shows(details.locator('tbody tr'));
    await screenshot(page, `${server.name}-reports`);

    await panel.getByRole('combobox', { name: T.format }).click();
    await page.getByRole('option', { name: T.formats.csv }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: T.download }).click()]);
    expect(download.suggestedFilename()).toBe('Open cases by org.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Org,Code,Open Cases,On Hold,Past Critical Date,Oldest Received');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the folders sit above the form', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'manager');
    await page.goto('/reports');
    const folders = page.getByRole('navigation', { name: 'Report folders' });
    await folders.getByText('Investigator workload').click();
    const panel = page.getByRole('region', { name: 'Investigator workload' });
    await shows(panel.getByRole('button', { name: T.view }));
    const [list, form] = [await folders.boundingBox(), await panel.boundingBox()];
    expect(form!.y).toBeGreaterThan(list!.y + list!.height - 1);
    await panel.getByRole('button', { name: T.view }).click();
    await shows(page.getByRole('table', { name: 'Report results' }));
    await expectCount(page.getByRole('table', { name: 'Details' }), 0);
    await screenshot(page, `${server.name}-reports-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
