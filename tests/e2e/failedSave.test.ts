import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { apiAs, createDocCase, expectCount, expectValue, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

/**
 * A save the server fails, in Chromium (docs/decisions.md, "A failed save leaves the form as the user left it"): the
 * case form on its page and an org's General tab get a 500 for their first save (the route intercepted). The error
 * toast shows and fades; the typed value is still there and Save still enabled, so the screen never looks saved;
 * a second click saves. Also the cases list's pencil, which opens the case page.
 */

type Json = Record<string, unknown>;

/** Answers the first `PUT` to a URL matching `url` with a 500; later calls reach the server. Answers how many failed. */
async function failFirstPut(page: Page, url: RegExp): Promise<() => number> {
  let failed = 0;
  await page.route(url, async (route) => {
    if (route.request().method() === 'PUT' && failed === 0) {
      failed += 1;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ Message: 'An error has occurred.' }) });
    } else await route.continue();
  });
  return () => failed;
}

/** Waits until no toast with this text shows (they close on their own after 5–6 s). */
const fadedOut = (page: Page, text: string) => expectCount(page.getByText(text, { exact: true }), 0);

const enabled = (button: Locator) => expect.poll(() => button.isEnabled(), { timeout: 15_000 });

describe.runIf(hasChromium).each(servers)('a failed save on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('leaves the case form changed with Save enabled after the error toast fades, and the second click saves', async () => {
    const api = await apiAs(server.baseUrl, 'caseadmin');
    const made = await createDocCase(api, { FirstName: 'Odile', LastName: 'Fairbanks', SSN: '5120' });
    const number = String(made.CaseNumber);
    const { page, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');

    // The pencil of its row opens the case page, where the case is read: its subject is there.
    await page.goto('/cases');
    await page.getByRole('textbox', { name: 'Search Case' }).fill(number);
    const pencil = page.getByRole('table', { name: 'Cases' }).getByRole('link', { name: `Edit ${number}` });
    await shows(pencil);
    await pencil.click();
    await page.waitForURL(new RegExp(`/cases/${String(made.Id)}$`));
    await expectCount(page.getByRole('dialog'), 0);
    const form = page.getByRole('form', { name: `Case ${number}` });
    await expectValue(form.getByRole('textbox', { name: 'Last Name' }), 'Fairbanks');

    const failures = await failFirstPut(page, new RegExp(`/api/cases/${String(made.Id)}\\?ssn=masked$`));
    const notes = form.getByRole('textbox', { name: 'Case Notes' });
    await notes.fill('Subject asked to be called after 5 pm.');
    const save = form.getByRole('button', { name: 'Save', exact: true });
    await enabled(save).toBe(true);
    await save.click();
    const failed = Texts.cases.errors.updateNumberFailed(number);
    await shows(page.getByText(failed, { exact: true }));
    expect(failures()).toBe(1);
    await enabled(save).toBe(true);
    await screenshot(page, 'failed-save-case-form');
    await fadedOut(page, failed);
    await expectValue(notes, 'Subject asked to be called after 5 pm.');
    await enabled(save).toBe(true);

    await save.click();
    await shows(page.getByText(Texts.cases.toasts.saved, { exact: true }));
    await enabled(save).toBe(false);
    // A new sign-in of the same user ended the API's session: read as the browser's user, signed in again.
    const stored = await (await apiAs(server.baseUrl, 'caseadmin'))('GET', `/api/cases/${String(made.Id)}`);
    expect((stored.body as Json).Notes).toBe('Subject asked to be called after 5 pm.');
    expect(errors).toEqual([]);
  });

  it("leaves an org's General tab changed with Save Changes enabled after the error toast fades, on a phone too", async () => {
    const api = await apiAs(server.baseUrl, 'caseadmin');
    const parent = ((await api('GET', '/api/orgs')).body as Json[]).find((o) => o.Code === 'DOC')!;
    const created = await api('POST', '/api/orgs', { ParentOrg_Id: parent.Id, Name: 'Commerce Boise Office', Code: 'DOC-BOI', Address1: '1 Main St', City: 'Boise', PostalCode: '83702', Phone1: '208-555-0100' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const orgId = String((created.body as Json).Id);

    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, errors } = await newPage(browser, server.baseUrl, viewport);
      await signIn(page, 'caseadmin');
      await page.goto(`/orgs/${orgId}/general`);
      const form = page.getByRole('form', { name: 'General' });
      const save = form.getByRole('button', { name: 'Save Changes' });
      await shows(save);
      await enabled(save).toBe(false);

      const failures = await failFirstPut(page, new RegExp(`/api/orgs/${orgId}/general$`));
      const city = form.getByRole('textbox', { name: 'City', exact: true });
      const typed = viewport === 'laptop' ? 'Boise City' : 'Garden City';
      await city.fill(typed);
      await enabled(save).toBe(true);
      await save.click();
      await shows(page.getByText(Texts.orgs.orgs.updateFailed, { exact: true }));
      expect(failures()).toBe(1);
      await enabled(save).toBe(true);
      await screenshot(page, `failed-save-org-general-${viewport}`);
      await fadedOut(page, Texts.orgs.orgs.updateFailed);
      await expectValue(city, typed);
      await enabled(save).toBe(true);

      await save.click();
      await shows(page.getByText(Texts.orgs.orgs.updated('Commerce Boise Office'), { exact: true }));
      await enabled(save).toBe(false);
      expect(((await (await apiAs(server.baseUrl, 'caseadmin'))('GET', `/api/orgs/${orgId}/general`)).body as Json).City).toBe(typed);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
