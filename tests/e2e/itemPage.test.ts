import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, createDocCase, expectCount, hasChromium, launchBrowser, newPage, recordReads, screenshot, servers, shows, signIn } from './browser.js';

type Json = Record<string, unknown>;

/**
 * The item page's main path (issue 12): an investigator fills the one item of a case through its section form (a
 * text, the Current box of a date, a stock phrase), submits it; the reviewer rejects it with a reason; the
 * investigator sees the reason and resubmits; the reviewer accepts it — and the case, whose last item it was, is
 * COMPLETE. The case is set up through the API: a Tier 1 case of the Department of Commerce with its papers, data
 * entry done, its Subject Interview item removed and its Law Enforcement Check assigned to the investigator.
 */
describe.runIf(hasChromium).each(servers)('the item page on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** A case with one item, assigned to the investigator; answers the case and item ids. */
  async function caseWithOneItem(): Promise<{ caseId: number; itemId: number; caseNumber: string }> {
    const admin = await apiAs(server.baseUrl, 'caseadmin');
    const created = await createDocCase(admin, { FirstName: 'Iris', LastName: `Pagecheck${Date.now() % 100000}`, SSN: '123450000' });
    const caseId = Number(created.Id);
    const papers = new FormData();
    papers.append('file', new Blob(['%PDF-1.4 case papers'], { type: 'application/pdf' }), 'papers.pdf');
    expect((await admin('POST', `/api/cases/${caseId}/attachments`, papers)).status).toBe(200);
    const clerk = await apiAs(server.baseUrl, 'dataentry');
    expect((await clerk('PUT', `/api/cases/${caseId}/start-data-entry`)).status).toBe(200);
    expect((await clerk('PUT', `/api/cases/${caseId}/data-entry-complete`)).status).toBe(200);
    const items = (await admin('GET', `/api/cases/${caseId}/items`)).body as Json[];
    expect(items.length, JSON.stringify(items)).toBeGreaterThan(0);
    const keep = items.find((i) => (i.ItemType as Json).Description === 'Local Law Enforcement Agency Check') ?? items[items.length - 1];
    for (const other of items.filter((i) => i.Id !== keep.Id)) expect((await admin('DELETE', `/api/cases/${caseId}/items/${String(other.Id)}`)).status).toBe(200);
    const people = (await admin('POST', `/api/cases/${caseId}/items/assign-list`, { ItemIds: [keep.Id] })).body as Json[];
    // The demo investigator, Ian Vance.
    const investigator = people.find((p) => p.FirstName === 'Ian' && p.LastName === 'Vance');
    expect(investigator, JSON.stringify(people)).toBeDefined();
    expect((await admin('POST', `/api/cases/${caseId}/items/assign`, { Investigator_Id: investigator!.Id, ItemIds: [keep.Id] })).status).toBe(200);
    return { caseId, itemId: Number(keep.Id), caseNumber: String(created.CaseNumber) };
  }

  const openItem = async (page: Page, caseId: number, itemId: number) => {
    await page.goto(`/cases/${caseId}/items/${itemId}`);
    await shows(page.getByRole('heading', { name: 'Item', exact: true }));
  };

  it('an investigator fills and submits an item, a reviewer rejects it, it is resubmitted and accepted, and the case completes', async () => {
    const { caseId, itemId, caseNumber } = await caseWithOneItem();

    // The investigator fills the section and submits.
    const worker = await newPage(browser, server.baseUrl);
    await signIn(worker.page, 'investigator');
    // What the item page reads to open: at most 3 requests, no answer asked for twice (counted from a blank page).
    await worker.page.goto('about:blank');
    const opening = recordReads(worker.page);
    await openItem(worker.page, caseId, itemId);
    await shows(worker.page.getByText(`Case #${caseNumber} - Item #001`));
    await opening.settled();
    console.info(`The item page read ${opening.reads.length} answers in ${opening.requests.length} requests to open:\n  ${opening.requests.join('\n  ')}\n  reads: ${opening.reads.join(', ')}`);
    expect(opening.repeated()).toEqual([]);
    expect(opening.requests.length).toBeLessThanOrEqual(3);
    const sections = worker.page.getByRole('region', { name: 'Sections' });
    await shows(sections.getByText('Required fields are empty!'));
    await sections.getByRole('button', { name: /edit/i }).first().click();
    const dialog = worker.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Agency/ }).fill('Metropolitan Police Department');
    await dialog.getByRole('checkbox', { name: 'Current' }).check();
    await dialog.getByRole('button', { name: /^Stock phrases for Findings/ }).click();
    await worker.page.getByRole('menuitem', { name: /No record was found for the subject\./ }).first().click();
    await expect.poll(() => dialog.getByRole('textbox', { name: /^Findings/ }).inputValue()).toBe('No record was found for the subject.');
    await screenshot(worker.page, 'item-section-editor');
    await dialog.getByRole('button', { name: 'Save and Close' }).click();
    await shows(worker.page.getByText(/section .*updated|updated/i));
    await expect.poll(() => sections.getByText('Required fields are empty!').count()).toBe(0);
    await worker.page.getByRole('button', { name: 'Submit for Review' }).click();
    await shows(worker.page.getByText('Item 001 was submitted for review successfully.'));
    await shows(worker.page.getByRole('region', { name: 'History' }).getByText('In Review').first());
    await screenshot(worker.page, 'item-page-investigator');

    // The reviewer rejects it with a reason from the list.
    const reviewer = await newPage(browser, server.baseUrl);
    await signIn(reviewer.page, 'reviewer');
    await openItem(reviewer.page, caseId, itemId);
    await reviewer.page.getByRole('button', { name: 'Reject' }).click();
    const reject = reviewer.page.getByRole('dialog', { name: 'Reject Item' });
    await reject.getByRole('combobox', { name: /Rejection Reason/ }).click();
    await reviewer.page.getByRole('option', { name: 'Source could not be verified' }).click();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await shows(reviewer.page.getByText('Item 001 was rejected successfully.'));

    // The investigator sees the reason and resubmits.
    await openItem(worker.page, caseId, itemId);
    await shows(worker.page.getByText('Source could not be verified').first());
    await shows(worker.page.getByText('Rejected', { exact: true }).first());
    await worker.page.getByRole('button', { name: 'Resubmit' }).click();
    await shows(worker.page.getByText('Item 001 was submitted for review successfully.'));
    await worker.page.getByRole('link', { name: 'Back to items' }).click();
    await worker.page.waitForURL(/\/items$/);
    await shows(worker.page.getByRole('table', { name: 'Items' }));

    // The reviewer accepts it; it was the case's last item, so the case is complete.
    await openItem(reviewer.page, caseId, itemId);
    await reviewer.page.getByRole('button', { name: 'Accept' }).click();
    await shows(reviewer.page.getByText('Item 001 was accepted successfully.'));
    await screenshot(reviewer.page, 'item-page-accepted');
    await reviewer.page.getByRole('link', { name: 'Back to case' }).click();
    await reviewer.page.waitForURL(new RegExp(`/cases/${caseId}$`));
    await shows(reviewer.page.getByRole('list', { name: 'Case progress' }).getByText('Complete'));

    expect(worker.errors).toEqual([]);
    expect(reviewer.errors).toEqual([]);
    await worker.context.close();
    await reviewer.context.close();
  });

  it('reads well on a phone', async () => {
    const { caseId, itemId } = await caseWithOneItem();
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'investigator');
    await openItem(page, caseId, itemId);
    await shows(page.getByRole('region', { name: 'Sections' }));
    await screenshot(page, 'item-page-phone');
    // An investigator may not open cases: the way back is item search, where their item is.
    await expectCount(page.getByRole('link', { name: 'Back to case' }), 0);
    await page.getByRole('link', { name: 'Back to items' }).click();
    await page.waitForURL(/\/items$/);
    await shows(page.getByRole('table', { name: 'Items' }));
    await expectCount(page.getByText(/not found/i), 0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
