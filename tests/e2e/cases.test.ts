import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { apiAs, createDocCase, expectChecked, expectCount, hasChromium, launchBrowser, newPage, recordReads, screenshot, servers, shows, signIn, VIEWPORTS } from './browser.js';

const SUBJECT = { first: 'Marisol', last: 'Quintero', ssn: '3141' };

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The cases table (the list's accessible name is its title). */
const casesTable = (page: Page) => page.getByRole('table', { name: 'Cases' });

describe.runIf(hasChromium).each(servers)('cases on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a case administrator takes a new case from intake through papers, data entry and the assignment of its items to in process', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/cases');
    await shows(casesTable(page).getByRole('row').nth(1));
    await shows(page.getByRole('columnheader', { name: 'CD' }));
    await screenshot(page, 'cases-list');

    // Intake: the new-case modal, the org picked in its tree, the people and case type of that org.
    await page.getByRole('button', { name: 'Add Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Case' });
    await dialog.getByRole('button', { name: 'Choose' }).click();
    const picker = page.getByRole('dialog', { name: /org/i }).last();
    await picker.getByText('Department of Commerce (DOC)', { exact: true }).dblclick();
    await choose(page, dialog, 'Requesting Official', 'Claire Donovan');
    await choose(page, dialog, 'Case Type', 'Tier 1 Investigation');
    await dialog.getByRole('textbox', { name: 'First Name' }).fill(SUBJECT.first);
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill(SUBJECT.last);
    await dialog.getByRole('textbox', { name: /SSN/ }).fill(SUBJECT.ssn);
    await screenshot(page, 'cases-add-case');
    await dialog.getByRole('button', { name: 'Add Case' }).click();
    await shows(page.getByText(/^Case DOS-\d{4}-\d{6} created successfully\.$/));
    await expectCount(dialog, 0);

    // The list finds it by name; its row opens the case page.
    await page.getByRole('textbox', { name: 'Search Name' }).fill(SUBJECT.last);
    const row = casesTable(page).getByRole('row', { name: new RegExp(SUBJECT.last) });
    await shows(row);
    await expect(row.getByText('Awaiting Case Papers').first()).toBeDefined();
    await row.getByText(new RegExp(SUBJECT.last)).click();
    await page.waitForURL(/\/cases\/\d+$/);
    await shows(page.getByRole('heading', { name: /^Case DOS-/ }));
    await screenshot(page, 'case-page-new');

    // Papers: the first upload moves the case on to data entry.
    await page.getByLabel(/Upload papers/i).setInputFiles([
      { name: 'release.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { name: 'fingerprints.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    await shows(page.getByText('Files were uploaded.'));
    await shows(page.getByRole('button', { name: 'release.pdf' }));
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await shows(page.getByRole('button', { name: 'Start Data Entry' }));

    await page.getByRole('button', { name: 'Start Data Entry' }).click();
    await shows(page.getByText('Data entry started.'));
    await page.getByRole('button', { name: 'Data Entry Complete' }).click();
    await shows(page.getByText('Data entry complete.'));
    await expectCount(page.getByRole('button', { name: 'Data Entry Complete' }), 0);
    await shows(page.getByText('Awaiting Assignment').first());
    await screenshot(page, 'case-page-awaiting-assignment');

    // Assignment: every item of the case to an investigator, nearest first in the list; the case is then in process.
    const items = page.getByRole('table', { name: /^Items of case / });
    await shows(items.getByText('Awaiting Assignment').nth(1));
    await items.getByRole('row').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Items' });
    await shows(assign.getByRole('radio', { name: /Vance/ }));
    await screenshot(page, 'case-items-assign');
    await assign.getByRole('radio', { name: /Vance/ }).check();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await shows(page.getByText(/^The items in case #DOS-\d{4}-\d{6} were assigned successfully\.$/));
    await expectCount(assign, 0);
    await shows(items.getByText('Vance, Ian').first());
    await shows(page.getByRole('listitem').filter({ hasText: 'In Process' }).and(page.locator('[aria-current="step"]')));
    await screenshot(page, 'case-page-in-process');

    // Back in the list, the case shows its new state.
    await page.goto('/cases');
    await page.getByRole('textbox', { name: 'Search Name' }).fill(SUBJECT.last);
    await shows(casesTable(page).getByRole('row', { name: /In Process/ }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a client user on a phone sees only their org\'s cases and reads a case without changing it', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'client');
    await page.goto('/cases');
    const rows = casesTable(page).getByRole('row');
    await shows(rows.nth(1));
    await screenshot(page, 'cases-list-phone-client');
    // Only cases of the client's org and the orgs below it (DOC, DOC-ATL).
    for (const other of ['PRA', 'OPR', 'NCSC', 'ACME']) await expectCount(casesTable(page).getByRole('cell', { name: other, exact: true }), 0);
    await expectCount(page.getByRole('button', { name: 'Assign Reviewer' }), 0);
    await casesTable(page).locator('tbody tr').first().locator('td').nth(2).click();
    await page.waitForURL(/\/cases\/\d+$/);
    await shows(page.getByRole('heading', { name: /^Case DOS-/ }));
    await expectCount(page.getByRole('button', { name: 'Start Data Entry' }), 0);
    await expectCount(page.getByRole('button', { name: 'Save' }), 0);
    await screenshot(page, 'case-page-phone-client');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a data-entry clerk on a case in data entry by another user sees why it is read only, and no step the server would refuse', async () => {
    // The case administrator has the case's papers and started its data entry: it is locked to them.
    const admin = await apiAs(server.baseUrl, 'caseadmin');
    const created = await createDocCase(admin, { FirstName: 'Lena', LastName: `Lockcheck${Date.now() % 100000}`, SSN: '246800000' });
    const caseId = Number(created.Id);
    const papers = new FormData();
    papers.append('file', new Blob(['%PDF-1.4 case papers'], { type: 'application/pdf' }), 'papers.pdf');
    expect((await admin('POST', `/api/cases/${caseId}/attachments`, papers)).status).toBe(200);
    expect((await admin('PUT', `/api/cases/${caseId}/start-data-entry`)).status).toBe(200);
    const reason = Texts.cases.server.lockedToOther('Casey Adams');

    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, context, errors } = await newPage(browser, server.baseUrl, viewport);
      await signIn(page, 'dataentry');
      await page.goto(`/cases/${caseId}`);
      await shows(page.getByRole('heading', { name: /^Case DOS-/ }));
      await shows(page.getByRole('note').getByText(reason));
      await shows(page.getByText('Data Entry In Progress').first());
      await expectCount(page.getByRole('button', { name: 'Data Entry Complete' }), 0);
      await expectCount(page.getByRole('group', { name: 'Workflow' }), 0);
      await expectCount(page.getByRole('button', { name: 'Save' }), 0);
      await shows(page.getByRole('button', { name: 'papers.pdf' }));
      await screenshot(page, `case-page-locked-to-other${viewport === 'phone' ? '-phone' : ''}`);
      expect(errors).toEqual([]);
      await context.close();
    }

    // The case administrator who holds it still completes its data entry.
    const holder = await newPage(browser, server.baseUrl);
    await signIn(holder.page, 'caseadmin');
    // What the case page reads to open: at most 3 requests, no answer asked for twice (counted from a blank page, so
    // that nothing the landing page still reads is counted).
    await holder.page.goto('about:blank');
    const opening = recordReads(holder.page);
    await holder.page.goto(`/cases/${caseId}`);
    await shows(holder.page.getByRole('button', { name: 'papers.pdf' }));
    await shows(holder.page.getByRole('table', { name: /^Items of case / }));
    await opening.settled();
    console.info(`The case page read ${opening.reads.length} answers in ${opening.requests.length} requests to open:\n  ${opening.requests.join('\n  ')}\n  reads: ${opening.reads.join(', ')}`);
    expect(opening.repeated()).toEqual([]);
    expect(opening.requests.length).toBeLessThanOrEqual(3);
    await holder.page.getByRole('button', { name: 'Data Entry Complete' }).click();
    await shows(holder.page.getByText('Data entry complete.'));
    expect(holder.errors).toEqual([]);
    await holder.context.close();
  });

  it('a bulk action on a case\'s items lists the items it leaves out and why, and acts on the others', async () => {
    const admin = await apiAs(server.baseUrl, 'caseadmin');
    const created = await createDocCase(admin, { FirstName: 'Bea', LastName: `Bulkcheck${Date.now() % 100000}`, SSN: '135790000' });
    const caseId = Number(created.Id);
    const papers = new FormData();
    papers.append('file', new Blob(['%PDF-1.4 case papers'], { type: 'application/pdf' }), 'papers.pdf');
    expect((await admin('POST', `/api/cases/${caseId}/attachments`, papers)).status).toBe(200);
    for (const step of ['start-data-entry', 'data-entry-complete']) expect((await admin('PUT', `/api/cases/${caseId}/${step}`)).status).toBe(200);
    const items = (await admin('GET', `/api/cases/${caseId}/items`)).body as { Id: number }[];
    expect(items.length).toBeGreaterThan(1);
    const people = (await admin('POST', `/api/cases/${caseId}/items/assign-list`, { ItemIds: [items[0].Id] })).body as { Id: number; LastName: string }[];
    const vance = people.find((p) => p.LastName === 'Vance')!;
    expect((await admin('POST', `/api/cases/${caseId}/items/assign`, { Investigator_Id: vance.Id, ItemIds: [items[0].Id] })).status).toBe(200);
    const leftOut = Texts.items.server.wrongStatus('002', 'Awaiting Assignment', 'be unassigned');

    for (const viewport of ['phone', 'laptop'] as const) {
      const { page, context, errors } = await newPage(browser, server.baseUrl, viewport);
      await signIn(page, 'caseadmin');
      await page.goto(`/cases/${caseId}`);
      const table = page.getByRole('table', { name: /^Items of case / });
      await shows(table.getByText('Assigned', { exact: true }));
      await table.getByRole('row').first().getByRole('checkbox').check();
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Actions' }).click();
        await page.getByRole('menuitem', { name: 'Assign Items' }).click();
      } else await page.getByRole('button', { name: 'Assign', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign Items' });
      await dialog.getByRole('radio', { name: /Unassigned/ }).check();
      await shows(dialog.getByText(leftOut));
      // The modal as the user sees it (a full-page capture draws it in the middle of the page).
      await screenshot(page, `case-items-bulk-left-out${viewport === 'phone' ? '-phone' : ''}`, { fullPage: false });
      if (viewport === 'phone') {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        expect(errors).toEqual([]);
        await context.close();
        continue;
      }
      // The window resized across the phone width and back under the open modal (as a full-page screenshot does for a
      // moment: docs/decisions.md "A modal's form has a record of its own"): the buttons and the Actions menu trade
      // places under it, and the modal stays the same one, with the choice made in it.
      await page.setViewportSize(VIEWPORTS.phone);
      await shows(page.getByRole('button', { name: 'Actions', exact: true, includeHidden: true }));
      await page.setViewportSize(VIEWPORTS.laptop);
      await shows(page.getByRole('button', { name: 'Update ACDs', exact: true, includeHidden: true }));
      await expectChecked(dialog.getByRole('radio', { name: /Unassigned/ }), true);
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await shows(page.getByText('The items were unassigned.').first());
      await expectCount(dialog, 0);
      await expectCount(table.getByText('Assigned', { exact: true }), 0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a new case appears as a notice in a second signed-in browser, and a click refreshes its list', async () => {
    const watcher = await newPage(browser, server.baseUrl);
    await signIn(watcher.page, 'reviewer');
    await watcher.page.goto('/cases');
    await shows(casesTable(watcher.page).getByRole('row').nth(1));

    const author = await newPage(browser, server.baseUrl);
    await signIn(author.page, 'caseadmin');
    await author.page.goto('/cases');
    await author.page.getByRole('button', { name: 'Add Case' }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Add Case' });
    await dialog.getByRole('button', { name: 'Choose' }).click();
    await author.page.getByRole('dialog', { name: /org/i }).last().getByText('Department of Commerce (DOC)', { exact: true }).dblclick();
    await choose(author.page, dialog, 'Requesting Official', 'Claire Donovan');
    await choose(author.page, dialog, 'Case Type', 'Tier 1 Investigation');
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Noel');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Lindqvist');
    await dialog.getByRole('textbox', { name: /SSN/ }).fill('2718');
    await dialog.getByRole('button', { name: 'Add Case' }).click();
    await shows(author.page.getByText(/created successfully\./));

    const notice = watcher.page.getByText('A new case was added. Click to refresh.');
    await shows(notice);
    await screenshot(watcher.page, 'cases-live-notice');
    await notice.click();
    await watcher.page.getByRole('textbox', { name: 'Search Name' }).fill('Lindqvist');
    await shows(casesTable(watcher.page).getByRole('row', { name: /Lindqvist/ }));
    expect(watcher.errors).toEqual([]);
    await watcher.context.close();
    await author.context.close();
  });
});
