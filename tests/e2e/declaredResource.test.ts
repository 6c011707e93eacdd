import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { Texts } from '../../shared/texts/index.js';
import { Permissions } from '../../shared/permissions.js';
import { apiAs, expectChecked, expectCount, expectValue, hasChromium, launchBrowser, newPage, screenshot, shows, signIn } from './browser.js';
import { startDeclaredResourceServer, type DeclaredResourceServer } from '../support/declaredResource/server.js';

/**
 * "A new CRUD resource needs only a schema, a declaration and a migration", in a browser: the example vehicle
 * makes of tests/support/declaredResource (nothing else — no component, no route file) is added to the
 * product's resources in a test build of the client and to a server started as `npm start` starts
 * (tests/support/declaredResource/serve.ts). The generic machinery alone must give it its menu entry, page,
 * empty text, filter, schema form with the schema's messages, the server's ModelState under the field, edit,
 * hide/restore with the declared toasts, and its permission checks. tests/api/declaredResource.test.ts proves
 * the routes.
 */
const WAIT_MS = 15_000;

/** The text under an input (its accessible description: MUI's helper text, where react-admin puts errors). */
async function expectMessageUnder(input: Locator, message: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
        const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).textContent()));
        return texts.join(' ');
      },
      { timeout: WAIT_MS },
    )
    .toContain(message);
  expect(await input.getAttribute('aria-invalid')).toBe('true');
}

const rowNames = (table: Locator) => table.locator('tbody tr td:first-child').allTextContents();

/** Waits until an open menu has finished growing in (for its screenshot). */
async function settled(menu: Locator): Promise<void> {
  await expect
    .poll(() => menu.evaluate((el) => getComputedStyle(el.closest('.MuiPaper-root') ?? el).opacity), { timeout: WAIT_MS })
    .toBe('1');
}

/** Whether a user sees the element where it is: inside the viewport and not clipped or covered. */
const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });

describe.runIf(hasChromium)('a resource added by declaration only (vehicle makes), in a browser', () => {
  let server: DeclaredResourceServer;
  let browser: Browser;

  beforeAll(async () => {
    const started = performance.now();
    const [serverStart, browserLaunch] = await Promise.allSettled([startDeclaredResourceServer(), launchBrowser()]);
    if (serverStart.status === 'fulfilled') server = serverStart.value;
    if (browserLaunch.status === 'fulfilled') browser = browserLaunch.value;
    for (const result of [serverStart, browserLaunch]) if (result.status === 'rejected') throw result.reason;
    console.log(`declared resource: client build ${(server.buildMs / 1000).toFixed(1)} s, build + server ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // No demo group holds only the Types view permission the example declares: give it to the Reviewers, who
    // hold no other Types permission (through the API, as an administrator would in /identity/groups).
    const api = await apiAs(server.baseUrl, 'sysadmin');
    const groups = (await api('GET', '/api/identity/groups')).body as { Id: number; Name: string }[];
    const reviewers = groups.find((g) => g.Name === 'Reviewers');
    expect(reviewers).toBeDefined();
    expect((await api('POST', `/api/identity/groups/${reviewers!.Id}/roles`, { Name: Permissions.Types.VIEW_TYPE })).status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an administrator finds it in the admin menu, adds, is refused a duplicate, edits, filters, hides and restores', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'sysadmin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Admin' }).click();
    const entry = page.getByRole('menu').getByRole('menuitem', { name: 'Vehicle Makes', exact: true });
    await shows(entry);
    await settled(page.getByRole('menu'));
    await screenshot(page, 'declared-resource-admin-menu', { fullPage: false });
    await entry.click();
    await page.waitForURL('**/vehicle-makes');
    await shows(page.getByRole('heading', { name: 'Vehicle Makes' }));
    await shows(page.getByText('There are no vehicle makes.'));
    const table = page.getByRole('table', { name: 'Vehicle Makes' });
    await screenshot(page, 'declared-resource-empty');

    // Create: the modal form from the schema; the schema's message under Name when it is left empty.
    await page.getByRole('button', { name: 'Add Vehicle Make' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle Make' });
    await shows(dialog);
    const name = dialog.getByLabel('Name');
    await shows(dialog.getByLabel('Country'));
    await shows(dialog.getByLabel('Domestic'));
    await dialog.getByRole('button', { name: 'Add Vehicle Make' }).click();
    await expectMessageUnder(name, 'Name is required.');
    await screenshot(page, 'declared-resource-required');
    await name.fill('Studebaker');
    await dialog.getByLabel('Country').fill('USA');
    await dialog.getByLabel('Domestic').check();
    await dialog.getByRole('button', { name: 'Add Vehicle Make' }).click();
    await shows(page.getByText('The vehicle make Studebaker was created.'));
    await expectCount(dialog, 0);
    // The list shows the new record once it has read the list again; its table is there from then on.
    const studebaker = table.getByRole('row', { name: /Studebaker/ });
    await shows(studebaker.getByRole('cell', { name: 'USA' }));
    expect(await table.locator('thead th').allTextContents()).toEqual(['Name', 'Country', 'Domestic', 'Actions']);
    // The boolean column says Yes / No to assistive technology too.
    await shows(studebaker.getByRole('cell', { name: 'Yes', exact: true }));

    await page.getByRole('button', { name: 'Add Vehicle Make' }).click();
    await name.fill('Alfa Romeo');
    await dialog.getByLabel('Country').fill('Italy');
    await dialog.getByRole('button', { name: 'Add Vehicle Make' }).click();
    await shows(page.getByText('The vehicle make Alfa Romeo was created.'));
    await shows(table.getByRole('row', { name: /Alfa Romeo/ }).getByRole('cell', { name: 'No', exact: true }));
    // The declared sort: by name.
    await expect.poll(() => rowNames(table), { timeout: WAIT_MS }).toEqual(['Alfa Romeo', 'Studebaker']);

    // A duplicate name passes the schema; the server refuses it, and its ModelState message stands under Name.
    await page.getByRole('button', { name: 'Add Vehicle Make' }).click();
    await name.fill('STUDEBAKER');
    await dialog.getByRole('button', { name: 'Add Vehicle Make' }).click();
    await expectMessageUnder(name, 'A vehicle make with this name already exists.');
    await screenshot(page, 'declared-resource-duplicate');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(dialog, 0);
    await expectCount(table.getByRole('row', { name: /Studebaker/i }), 1);

    // Edit: the same form, filled from the record.
    await studebaker.getByRole('button', { name: 'Edit Studebaker' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Vehicle Make' });
    await shows(editDialog);
    await expectValue(editDialog.getByLabel('Name'), 'Studebaker');
    await expectValue(editDialog.getByLabel('Country'), 'USA');
    await expectChecked(editDialog.getByLabel('Domestic'), true);
    await editDialog.getByLabel('Name').fill('Studebaker-Packard');
    await editDialog.getByRole('button', { name: 'Save Vehicle Make' }).click();
    await shows(page.getByText('The vehicle make Studebaker-Packard was updated.'));
    await shows(table.getByRole('cell', { name: 'Studebaker-Packard' }));

    // The declared filter: contains, ignoring case.
    await page.getByLabel('Filter Name').fill('alfa');
    await expect.poll(() => rowNames(table), { timeout: WAIT_MS }).toEqual(['Alfa Romeo']);
    await page.getByLabel('Filter Name').fill('');
    await expect.poll(() => rowNames(table), { timeout: WAIT_MS }).toEqual(['Alfa Romeo', 'Studebaker-Packard']);

    // Hide and restore, with the declared toasts.
    await table.getByRole('button', { name: 'Hide Alfa Romeo' }).click();
    await shows(page.getByText('The vehicle make Alfa Romeo was hidden.'));
    await shows(table.getByRole('button', { name: 'Restore Alfa Romeo' }));
    await screenshot(page, 'declared-resource-list');
    await table.getByRole('button', { name: 'Restore Alfa Romeo' }).click();
    await shows(page.getByText('The vehicle make Alfa Romeo was restored.'));
    await shows(table.getByRole('button', { name: 'Hide Alfa Romeo' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: the menu entry, the list and the form', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'sysadmin');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Vehicle Makes' }).click();
    await page.waitForURL('**/vehicle-makes');
    const table = page.getByRole('table', { name: 'Vehicle Makes' });
    await shows(table.getByRole('cell', { name: 'Studebaker-Packard' }));
    await screenshot(page, 'declared-resource-phone-list');
    // The row actions lie beyond a phone's width: a sideways swipe over the table brings them into view (a table
    // clipped by its card would leave them out of reach).
    const edit = table.getByRole('button', { name: 'Edit Alfa Romeo' });
    const box = (await table.boundingBox())!;
    await page.mouse.move(box.x + 100, box.y + box.height / 2);
    await page.mouse.wheel(600, 0);
    await expect.poll(() => reachable(edit), { timeout: WAIT_MS }).toBe(true);
    await screenshot(page, 'declared-resource-phone-actions');
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Vehicle Make' });
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save Vehicle Make' }).click();
    await expectMessageUnder(dialog.getByLabel('Name'), 'Name is required.');
    await screenshot(page, 'declared-resource-phone-form');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  async function openAdminMenu(page: Page) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Admin' }).click();
    const menu = page.getByRole('menu');
    await shows(menu.getByRole('menuitem').first());
    return menu;
  }

  it('a user who may only view it sees the records without add, edit or hide buttons', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'reviewer');
    const menu = await openAdminMenu(page);
    await menu.getByRole('menuitem', { name: 'Vehicle Makes', exact: true }).click();
    await page.waitForURL('**/vehicle-makes');
    const table = page.getByRole('table', { name: 'Vehicle Makes' });
    await expect.poll(() => rowNames(table), { timeout: WAIT_MS }).toEqual(['Alfa Romeo', 'Studebaker-Packard']);
    await expectCount(page.getByRole('button', { name: 'Add Vehicle Make' }), 0);
    // No row actions; the header's buttons are the columns' sort.
    await expectCount(table.locator('tbody').getByRole('button'), 0);
    expect(await table.locator('thead th').allTextContents()).toEqual(['Name', 'Country', 'Domestic']);
    await screenshot(page, 'declared-resource-view-only');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user without the view permission gets no menu entry and the not-found view at its page', async () => {
    const { page, context } = await newPage(browser, server.baseUrl);
    // Managers have an admin menu (orgs, users, groups, roles) but no Types permission.
    await signIn(page, 'manager');
    const menu = await openAdminMenu(page);
    await shows(menu.getByRole('menuitem', { name: 'Orgs', exact: true }));
    await expectCount(menu.getByRole('menuitem', { name: 'Vehicle Makes' }), 0);
    await page.keyboard.press('Escape');
    await page.goto('/vehicle-makes');
    await shows(page.getByText(Texts.global.notFound));
    await expectCount(page.getByRole('table', { name: 'Vehicle Makes' }), 0);
    await screenshot(page, 'declared-resource-not-found');
    await context.close();
    // Not found for this user only: the resource is there, and its routes refuse the user.
    const api = await apiAs(server.baseUrl, 'manager');
    expect((await api('GET', '/api/vehicle-makes')).status).toBe(403);
  });
});
