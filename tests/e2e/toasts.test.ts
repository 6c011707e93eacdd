import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, createDocCase, hasChromium, launchBrowser, newPage, SCREENSHOT_DIR, servers, shows, signIn, VIEWPORTS } from './browser.js';

type Json = Record<string, unknown>;

/**
 * Toasts over a dialog (issue 22 §5): on a phone the section editor fills the screen, and a toast at the top centre
 * covered its title — which section is being edited. A toast raised while a dialog reaches the top of the window sits
 * just below the dialog's header, clear of it and of the buttons at the bottom; at laptop size the same holds for the
 * tall section editor. The case is set up through the API: a Department of Commerce case with one item, assigned to
 * the investigator.
 */
describe.runIf(hasChromium).each(servers)('toasts over a dialog on $name', (server) => {
  let browser: Browser;
  let caseId = 0;
  let itemId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await apiAs(server.baseUrl, 'caseadmin');
    const created = await createDocCase(admin, { FirstName: 'Tessa', LastName: `Toastcheck${Date.now() % 100000}`, SSN: '123450001' });
    caseId = Number(created.Id);
    const papers = new FormData();
    papers.append('file', new Blob(['%PDF-1.4 case papers'], { type: 'application/pdf' }), 'papers.pdf');
    expect((await admin('POST', `/api/cases/${caseId}/attachments`, papers)).status).toBe(200);
    const clerk = await apiAs(server.baseUrl, 'dataentry');
    expect((await clerk('PUT', `/api/cases/${caseId}/start-data-entry`)).status).toBe(200);
    expect((await clerk('PUT', `/api/cases/${caseId}/data-entry-complete`)).status).toBe(200);
    const items = (await admin('GET', `/api/cases/${caseId}/items`)).body as Json[];
    const keep = items.find((i) => (i.ItemType as Json).Description === 'Local Law Enforcement Agency Check') ?? items[items.length - 1];
    const people = (await admin('POST', `/api/cases/${caseId}/items/assign-list`, { ItemIds: [keep.Id] })).body as Json[];
    const investigator = people.find((p) => p.FirstName === 'Ian' && p.LastName === 'Vance');
    expect(investigator, JSON.stringify(people)).toBeDefined();
    expect((await admin('POST', `/api/cases/${caseId}/items/assign`, { Investigator_Id: investigator!.Id, ItemIds: [keep.Id] })).status).toBe(200);
    itemId = Number(keep.Id);
  });
  afterAll(() => browser?.close());

  /** Opens the item's first section in the editor, changes a value and saves it without closing: a success toast. */
  async function saveInEditor(page: Page, value: string) {
    await page.goto(`/cases/${caseId}/items/${itemId}`);
    const sections = page.getByRole('region', { name: 'Sections' });
    await sections.getByRole('button', { name: /edit/i }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Agency/ }).fill(value);
    await dialog.getByRole('button', { name: 'Save and Update' }).click();
    const toast = page.locator('.MuiSnackbar-root').getByText(/updated/i);
    await shows(toast);
    // The toast slides in: measured once it stands still.
    await page.waitForTimeout(400);
    const title = await dialog.locator('.MuiDialogTitle-root').boundingBox();
    const shown = await page.locator('.MuiSnackbar-root .MuiAlert-root').boundingBox();
    const actions = await dialog.locator('.MuiDialogActions-root').boundingBox();
    return { title: title!, toast: shown!, actions: actions! };
  }

  for (const size of ['phone', 'laptop'] as const) {
    it(`on a ${size}, a toast raised in the section editor sits below the editor's title, clear of its buttons`, async () => {
      const { page, context, errors } = await newPage(browser, server.baseUrl, size);
      await signIn(page, 'investigator');
      const { title, toast, actions } = await saveInEditor(page, `Metropolitan Police Department ${size}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `toast-over-section-editor-${size}.png`) });
      expect(title.y, 'the editor reaches the top of the window').toBeLessThan(100);
      // Below the title, never over it…
      expect(toast.y).toBeGreaterThanOrEqual(title.y + title.height);
      // …clear of the Save buttons, and within the window.
      expect(toast.y + toast.height).toBeLessThanOrEqual(actions.y);
      expect(toast.x).toBeGreaterThanOrEqual(0);
      expect(toast.x + toast.width).toBeLessThanOrEqual(VIEWPORTS[size].width);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
