import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, createDocCase, hasChromium, launchBrowser, newPage, recordReads, servers, shows, signIn } from './browser.js';

type Json = Record<string, unknown>;

/** The path's reference reads: workflow states, the people and case types a case's pickers offer. */
const REFERENCE = /^\/api\/(workflows\/|reviewers|cases\/requesting-official\/|cases\/assignees\/|orgs\/\d+\/case-types)/;

/**
 * Moves within the app as a link does (no reload: the query cache stays), by the router's history. `back` is the
 * browser's Back button.
 */
async function go(page: Page, to: string | 'back'): Promise<void> {
  if (to === 'back') await page.goBack();
  else
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
}

/**
 * Issue 25, part 4 (lookups across pages): the demo administrator's usual path — sign in, the cases list, a case, one
 * of its items, back to the case, the cases list, an org's page, back — counted in requests per step. Reference data
 * a page read a moment ago (lookup lists, workflow states, the people a case's pickers offer, an org's case types) is
 * not asked for again on the next page; records are (the case on its page, the list's search).
 */
describe.runIf(hasChromium).each(servers)('lookups across pages on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the administrator\'s usual path asks for reference data once', async () => {
    const admin = await apiAs(server.baseUrl, 'caseadmin');
    const created = await createDocCase(admin, { FirstName: 'Lou', LastName: `Lookuppath${Date.now() % 100000}`, SSN: '975310000' });
    const caseId = Number(created.Id);
    const papers = new FormData();
    papers.append('file', new Blob(['%PDF-1.4 case papers'], { type: 'application/pdf' }), 'papers.pdf');
    expect((await admin('POST', `/api/cases/${caseId}/attachments`, papers)).status).toBe(200);
    for (const step of ['start-data-entry', 'data-entry-complete']) expect((await admin('PUT', `/api/cases/${caseId}/${step}`)).status).toBe(200);
    const [item] = (await admin('GET', `/api/cases/${caseId}/items`)).body as Json[];
    const orgId = Number(created.Client_Id);

    const { page, context, errors } = await newPage(browser, server.baseUrl);
    const reads = recordReads(page);
    // Searches are reads too, sent as POST (the cases list's): counted beside the GETs and batches.
    const searches: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname.endsWith('/search')) searches.push(`POST ${pathname}`);
    });
    const steps: { step: string; requests: string[] }[] = [];
    const step = async (name: string, move: () => Promise<void>) => {
      const [from, fromSearches] = [reads.requests.length, searches.length];
      await move();
      await reads.settled();
      steps.push({ step: name, requests: [...reads.requests.slice(from), ...searches.slice(fromSearches)] });
    };
    await step('sign in', async () => {
      await signIn(page, 'sysadmin');
      await shows(page.getByRole('heading').first());
    });
    const casesList = async () => shows(page.getByRole('table', { name: 'Cases' }).getByRole('row').nth(1));
    const casePage = async () => shows(page.getByRole('table', { name: /^Items of case / }).getByRole('row').nth(1));
    await step('cases list', async () => {
      await go(page, '/cases');
      await casesList();
    });
    await step('case page', async () => {
      await go(page, `/cases/${caseId}`);
      await casePage();
    });
    await step('item page', async () => {
      await go(page, `/cases/${caseId}/items/${String(item.Id)}`);
      await shows(page.getByRole('heading', { name: 'Item', exact: true }));
    });
    await step('back to the case', async () => {
      await go(page, 'back');
      await casePage();
    });
    await step('cases list again', async () => {
      await go(page, '/cases');
      await casesList();
    });
    await step('an org\'s page', async () => {
      await go(page, `/orgs/${orgId}/general`);
      await shows(page.getByRole('tab').first());
    });
    await step('back', async () => {
      await go(page, 'back');
      await casesList();
    });

    const lines = steps.map(({ step: name, requests }) => `${name}: ${requests.length}\n    ${requests.join('\n    ')}`);
    const repeated = [...new Set(reads.repeated())];
    console.info(
      `The path's requests: ${reads.requests.length} GETs and batches (${reads.reads.length} reads) and ${searches.length} searches:\n  ${lines.join('\n  ')}\n  read more than once: ${repeated.join(', ')}`,
    );
    // Reference data is read once on the whole path; the case (a record people work on) is read again when it is shown again.
    expect(repeated.filter((path) => REFERENCE.test(path))).toEqual([]);
    expect(repeated).toContain(`/api/cases/${caseId}?ssn=masked`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
