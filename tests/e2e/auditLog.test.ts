import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { SCREENSHOT_DIR, apiAs, createDocCase, expectCount, expectValue, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

const T = Texts.audit;
const SSN = '123456789';

/** The SSN box of the case form (its label says it is the last four digits: spec 001). */
const ssnBox = (page: Page) => page.getByRole('textbox', { name: /SSN \(last 4\)/ });

/** A close-up of the case form's Subject section, beside the full-page screenshots. */
const subjectShot = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Subject', exact: true }).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

/** Whether anything on the page is wider than the window (a table clipped on the right, a page that scrolls sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1 || [...document.querySelectorAll('.RaDataTable-tableWrapper')].some((w) => w.scrollWidth > w.clientWidth + 1));

describe.runIf(hasChromium).each(servers)('the audit log and SSNs on $name', (server) => {
  let browser: Browser;
  let caseId: number;
  let caseNumber: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A case of the client's org whose subject has a whole SSN.
    const created = await createDocCase(await apiAs(server.baseUrl, 'caseadmin'), { FirstName: 'Elena', LastName: `Auditcheck${Date.now() % 100000}`, SSN });
    caseId = Number(created.Id);
    caseNumber = String(created.CaseNumber);
  });
  afterAll(() => browser?.close());

  it('a system administrator reveals a subject\'s SSN, then finds the reveal in the audit log with a link back to the case', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'sysadmin');
    await page.goto(`/cases/${caseId}`);
    await shows(page.getByRole('heading', { name: `Case ${caseNumber}` }));
    const box = ssnBox(page);
    await expectValue(box, '•••-••-6789');
    await subjectShot(page, 'ssn-masked-laptop-subject');

    await page.getByRole('button', { name: T.ssn.reveal }).click();
    await expectValue(box, '123-45-6789');
    await screenshot(page, 'ssn-revealed-laptop');
    await subjectShot(page, 'ssn-revealed-laptop-subject');
    // Revealing changed nothing: the form has nothing to save.
    expect(await page.getByRole('form', { name: `Case ${caseNumber}` }).getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: T.ssn.hide }).click();
    await expectValue(box, '•••-••-6789');

    // Typing over the mask replaces the SSN (never building on its last four); saved, the page shows the new one's mask.
    await box.click();
    await page.keyboard.type('987654321');
    await expectValue(box, '987-65-4321');
    await page.getByRole('form', { name: `Case ${caseNumber}` }).getByRole('button', { name: 'Save' }).click();
    await shows(page.getByText(Texts.cases.toasts.saved));
    await expectValue(box, '•••-••-4321');
    await page.getByRole('button', { name: T.ssn.reveal }).click();
    await expectValue(box, '987-65-4321');

    // Admin › Audit Log, the last entry of the admin menu.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await shows(items.last());
    expect(await items.last().innerText()).toBe(T.title);
    await items.last().click();
    await page.waitForURL('**/admin/audit-log');
    await shows(page.getByRole('heading', { name: T.title }));
    const log = page.getByRole('table', { name: T.title });
    await shows(log.locator('tbody tr').first());
    // The newest entry first.
    await shows(log.locator('tbody tr').first().getByText('reveal-ssn'));

    await page.getByRole('textbox', { name: 'Record Id' }).fill(String(caseId));
    await page.getByRole('combobox', { name: 'Entity' }).click();
    await page.getByRole('option', { name: 'cases', exact: true }).click();
    // The entries' rows (not the rows they expand into).
    const rows = log.locator('tbody tr:has(td:nth-child(3))');
    const reveal = rows.filter({ hasText: 'reveal-ssn' });
    await shows(reveal);
    await expectCount(reveal, 2);
    // Every entry of the list is of this case (its creation, the reveal).
    await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes(String(caseId)))).toBe(true);
    await shows(reveal.first().getByText('sysadmin'));
    await shows(reveal.first().getByText('Subject.SSN'));
    await shows(rows.filter({ hasText: 'update' }).getByText('CaseSubject.SSN'));
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'audit-log-laptop');

    // A row expands into the user agent and the request id.
    await reveal.first().getByText('sysadmin').click();
    await shows(page.getByText('User agent'));
    await shows(page.getByText(/HeadlessChrome|Chrome\//).first());
    await page.waitForTimeout(400);
    await screenshot(page, 'audit-log-expanded-laptop');

    // Export CSV: the filtered log, as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: T.exportCsv }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('When (UTC)');
    expect(lines.some((line) => line.includes('reveal-ssn') && line.includes(String(caseId)))).toBe(true);
    expect(lines.slice(1).every((line) => line.includes(`,cases,${caseId},`))).toBe(true);

    // The record's id leads back to the case.
    await reveal.first().getByRole('link', { name: `cases ${caseId}` }).click();
    await page.waitForURL(`**/cases/${caseId}`);
    await shows(page.getByRole('heading', { name: `Case ${caseNumber}` }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the audit log stacks its entries and the case page offers Reveal beside the mask', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'sysadmin');
    await page.goto(`/cases/${caseId}`);
    await shows(page.getByRole('heading', { name: `Case ${caseNumber}` }));
    await expectValue(ssnBox(page), '•••-••-4321');
    await page.getByRole('button', { name: T.ssn.reveal }).click();
    await expectValue(ssnBox(page), '987-65-4321');
    await subjectShot(page, 'ssn-revealed-phone-subject');

    await page.goto(`/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ Entity_Id: String(caseId) }))}`);
    const entries = page.getByRole('list', { name: T.title });
    await shows(entries.getByRole('listitem').filter({ hasText: 'reveal-ssn' }));
    expect(await overflowsSideways(page)).toBe(false);
    await entries.getByRole('listitem').first().getByRole('button', { name: 'Details' }).click();
    await shows(page.getByText('Request', { exact: true }));
    await page.waitForTimeout(400);
    await screenshot(page, 'audit-log-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a client reads the case with its SSN masked and no Reveal', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'client');
    await page.goto(`/cases/${caseId}`);
    await shows(page.getByRole('heading', { name: `Case ${caseNumber}` }));
    await expectValue(ssnBox(page), '•••-••-4321');
    expect(await ssnBox(page).isDisabled()).toBe(true);
    await expectCount(page.getByRole('button', { name: T.ssn.reveal }), 0);
    await expectCount(page.getByRole('button', { name: 'Save' }), 0);
    await subjectShot(page, 'ssn-masked-client-subject');
    // Nor may the client open the audit log.
    await page.goto('/admin/audit-log');
    await shows(page.getByRole('heading', { name: Texts.global.notFound }));
    expect(errors).toEqual([]);
    await context.close();
  });
});
