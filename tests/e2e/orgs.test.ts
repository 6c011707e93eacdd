import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectCount, expectText, expectValue, hasChromium, launchBrowser, newPage, screenshot, SCREENSHOT_DIR, servers, shows, signIn } from './browser.js';
import { Texts } from '../../shared/texts/index.js';

/** What the screen shows (not the whole page). */
const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

const orgTree = (page: Page) => page.getByRole('tree', { name: 'Orgs' });
/** An org's row in the tree, by its label ("Name (CODE)"): what is clicked, dragged and dropped on. */
const treeRow = (page: Page, label: string) => orgTree(page).getByText(label, { exact: true });
/** An org's tree item (with the orgs below it). */
const treeItem = (page: Page, name: string) => orgTree(page).getByRole('treeitem', { name: new RegExp(`^${name}`) });
/** A table row by the text of its first cells. */
const rowOf = (table: Locator, text: RegExp) => table.getByRole('row', { name: text }).first();
/** The innermost card holding a list titled `title` (a sub-resource's list inside an expanded row). */
const listCard = (page: Page, title: string) => page.locator('.MuiCard-root', { has: page.getByRole('heading', { name: title, exact: true }) }).last();

async function addOrg(page: Page, parent: string, org: { name: string; code: string; city: string }) {
  await page.getByRole('button', { name: 'Add Org' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Org' });
  await expectValue(dialog.getByRole('textbox', { name: 'Parent Org', exact: true }), parent);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(org.name);
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(org.code);
  await dialog.getByRole('textbox', { name: 'Street', exact: true }).fill('100 Water Street');
  await dialog.getByRole('textbox', { name: 'City', exact: true }).fill(org.city);
  await dialog.getByRole('textbox', { name: 'PostalCode', exact: true }).fill('36602');
  await dialog.getByRole('textbox', { name: 'Phone 1', exact: true }).fill('2515550100');
  await dialog.getByRole('button', { name: 'Add Org' }).click();
  await shows(page.getByText(`The org ${org.name} was created.`));
  await expectCount(dialog, 0);
  await page.waitForURL(/\/orgs\/\d+\/general$/);
  await shows(page.getByRole('heading', { name: org.name }));
  await shows(treeRow(page, `${org.name} (${org.code})`));
}

/** The question before a move: it names the org and says `text`; Move answers it. */
async function confirmMove(page: Page, name: string, text: string) {
  const ask = page.getByRole('dialog', { name: Texts.orgs.orgs.moveTitle(name) });
  await shows(ask.getByText(text, { exact: false }));
  await ask.getByRole('button', { name: Texts.orgs.orgs.moveConfirm, exact: true }).click();
  await expectCount(ask, 0);
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.runIf(hasChromium).each(servers)('the Orgs page on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator adds orgs, moves one by drag and drop, and prices a case type its child org inherits', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/orgs');
    await shows(treeRow(page, 'DOC Atlanta Field Office (DOC-ATL)'));
    await shows(page.getByText('Drag and drop Orgs to change parenting.'));
    await expectCount(orgTree(page).getByText('INACTIVE ORGS', { exact: false }), 0);
    await screenshot(page, 'orgs-tree');

    // Inactive orgs show with their badge when asked for.
    await page.getByRole('switch', { name: 'Show inactive' }).check();
    await shows(treeItem(page, 'Harbor Bank').getByText('Inactive', { exact: true }));
    await page.getByRole('switch', { name: 'Show inactive' }).uncheck();
    await expectCount(treeItem(page, 'Harbor Bank'), 0);

    // Opening an org: its General tab, the tree highlighting it.
    await treeRow(page, 'Federal Clients (FED)').click();
    await page.waitForURL(/\/orgs\/\d+\/general$/);
    await shows(page.getByRole('heading', { name: 'Federal Clients' }));
    await expectValue(page.getByRole('textbox', { name: 'Name', exact: true }), 'Federal Clients');
    await screenshot(page, 'orgs-general');

    // Add Org under the open org, then a child under the new one.
    await addOrg(page, 'Federal Clients', { name: 'Gulf Coast Field Office', code: 'GULF', city: 'Mobile' });
    const gulfUrl = page.url();
    await addOrg(page, 'Gulf Coast Field Office', { name: 'Mobile Satellite Office', code: 'MSO', city: 'Mobile' });
    await shows(page.getByRole('navigation', { name: 'Parent orgs' }).getByText('Gulf Coast Field Office'));

    // Drag and drop, asked first: DOC Atlanta Field Office under Gulf Coast Field Office, and back.
    await treeRow(page, 'DOC Atlanta Field Office (DOC-ATL)').dragTo(treeRow(page, 'Gulf Coast Field Office (GULF)'));
    await confirmMove(page, 'DOC Atlanta Field Office', 'DOC Atlanta Field Office will move under Gulf Coast Field Office. From then on it inherits');
    await shows(page.getByText('DOC Atlanta Field Office was moved under Gulf Coast Field Office.'));
    await shows(treeItem(page, 'Gulf Coast Field Office').getByText('DOC Atlanta Field Office (DOC-ATL)', { exact: true }));
    await screenshot(page, 'orgs-moved');
    await treeRow(page, 'DOC Atlanta Field Office (DOC-ATL)').dragTo(treeRow(page, 'Department of Commerce (DOC)'));
    await confirmMove(page, 'DOC Atlanta Field Office', 'will move under Department of Commerce.');
    await shows(page.getByText('DOC Atlanta Field Office was moved under Department of Commerce.'));
    await shows(treeItem(page, 'Department of Commerce').getByText('DOC Atlanta Field Office (DOC-ATL)', { exact: true }));
    await expectCount(treeItem(page, 'Gulf Coast Field Office').getByText('DOC Atlanta Field Office (DOC-ATL)', { exact: true }), 0);

    // A case type of its own for Gulf Coast, with a completed-case fee and an ACD.
    await page.goto(gulfUrl.replace(/general$/, 'case-types'));
    await shows(page.getByRole('tab', { name: 'Case Types', selected: true }));
    await page.getByRole('button', { name: 'Add Case Type' }).click();
    const add = page.getByRole('dialog', { name: 'Add Case Type' });
    await choose(page, add, 'Case Type', 'Tier 5 Investigation');
    await choose(page, add, 'Template', 'Tier 5 Comprehensive');
    await add.getByRole('spinbutton', { name: /Base Cost/ }).fill('3600');
    await add.getByRole('button', { name: 'Add Case Type' }).click();
    await shows(page.getByText('The case type Tier 5 Investigation was added to the org.'));
    const caseTypes = page.getByRole('table', { name: 'Case Types' });
    const own = rowOf(caseTypes, /Tier 5 Investigation/);
    await shows(own.getByRole('img', { name: 'No' }));
    await own.click();

    const ranges = page.getByRole('table', { name: /Date ranges of Tier 5 Investigation/ });
    const range = rowOf(ranges, /\$3,600\.00/);
    await shows(range);
    await range.click();
    const completedFees = listCard(page, 'Completed Case Fees');
    await shows(completedFees.getByText(Texts.orgs.caseTypes.noCompletedFees));
    await completedFees.getByRole('button', { name: 'Add', exact: true }).first().click();
    const fee = page.getByRole('dialog', { name: 'Add' });
    await fee.getByRole('spinbutton', { name: /Days After/ }).fill('10');
    await fee.getByRole('spinbutton', { name: /Price Adjustment/ }).fill('25');
    await fee.getByRole('button', { name: /Add|Save/ }).last().click();
    await shows(page.getByText('The case fee was created successfully'));
    await shows(page.getByRole('table', { name: 'Completed Case Fees' }).getByRole('cell', { name: '$25.00' }));

    await page.getByRole('button', { name: 'Add ACD' }).click();
    const acd = page.getByRole('dialog', { name: 'Add ACD' });
    await choose(page, acd, 'Item Template', 'Education Check');
    await acd.getByRole('spinbutton', { name: /# Days/ }).fill('15');
    await acd.getByRole('button', { name: 'Add ACD' }).click();
    await shows(rowOf(page.getByRole('table', { name: 'ACDs' }), /Education Check/).getByRole('cell', { name: '15', exact: true }));
    await screenshot(page, 'orgs-case-type');

    // The child org inherits them: the tree keeps the tab.
    await treeRow(page, 'Mobile Satellite Office (MSO)').click();
    await page.waitForURL(/\/orgs\/\d+\/case-types$/);
    await shows(page.getByRole('heading', { name: 'Mobile Satellite Office' }));
    const inherited = rowOf(page.getByRole('table', { name: 'Case Types' }), /Tier 5 Investigation/);
    await shows(inherited.getByRole('img', { name: 'Yes' }));
    await inherited.click();
    const inheritedRange = rowOf(page.getByRole('table', { name: /Date ranges of Tier 5 Investigation/ }), /\$3,600\.00/);
    await inheritedRange.click();
    await shows(page.getByRole('table', { name: 'Completed Case Fees' }).getByRole('cell', { name: '$25.00' }));
    await choose(page, listCard(page, 'ACDs'), 'Inherited', 'Inherited');
    const acdRow = rowOf(page.getByRole('table', { name: 'ACDs' }), /Education Check/);
    await shows(acdRow.getByRole('img', { name: 'Yes' }));
    await screenshot(page, 'orgs-inherited');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moving an org asks first, naming the org, its new parent and how many orgs move; an org below it refuses the drop and says why', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/orgs');
    await shows(treeRow(page, 'Federal Clients (FED)'));
    await shows(treeRow(page, 'DOC Atlanta Field Office (DOC-ATL)'));

    // Federal Clients onto State Clients: three orgs would move (Commerce and its Atlanta office with it). Cancel.
    await treeRow(page, 'Federal Clients (FED)').dragTo(treeRow(page, 'State Clients (STATE)'));
    const ask = page.getByRole('dialog', { name: Texts.orgs.orgs.moveTitle('Federal Clients') });
    await shows(ask.getByText(/Federal Clients will move under State Clients, with the \d+ orgs below it: \d+ orgs move in all\./));
    const count = Number(/: (\d+) orgs move in all/.exec((await ask.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'orgs-move-confirm');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(ask, 0);
    await shows(treeItem(page, 'Federal Clients').getByText('Department of Commerce (DOC)', { exact: true }));
    await expectCount(treeItem(page, 'State Clients').getByText('Federal Clients (FED)', { exact: true }), 0);

    // Federal Clients onto DOC Atlanta Field Office, an org below it: the row says so while the drag is over it…
    await treeRow(page, 'Federal Clients (FED)').hover();
    await page.mouse.down();
    const atlanta = treeRow(page, 'DOC Atlanta Field Office (DOC-ATL)');
    await atlanta.hover();
    await atlanta.hover({ position: { x: 12, y: 6 } });
    await shows(treeItem(page, 'DOC Atlanta Field Office').getByText(Texts.orgs.orgs.cannotMoveHere, { exact: true }));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'orgs-move-refused-hover.png') });
    // …and the drop says why nothing moved; nothing is asked.
    await page.mouse.up();
    await shows(page.getByText(Texts.orgs.orgs.underItself));
    await expectCount(page.getByRole('dialog'), 0);
    await expectCount(treeItem(page, 'DOC Atlanta Field Office').getByText(Texts.orgs.orgs.cannotMoveHere, { exact: true }), 0);
    await screenshot(page, 'orgs-move-refused');
    await shows(treeItem(page, 'Federal Clients').getByText('DOC Atlanta Field Office (DOC-ATL)', { exact: true }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the tree folds above the tabs', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'caseadmin');
    await page.goto('/orgs');
    await shows(treeRow(page, 'Federal Clients (FED)'));
    await viewShot(page, 'orgs-phone-tree');
    await treeRow(page, 'Federal Clients (FED)').click();
    await page.waitForURL(/\/orgs\/\d+\/general$/);
    await shows(page.getByRole('heading', { name: 'Federal Clients' }));
    await expectCount(orgTree(page), 0);
    // The tree sits above the tabs, not beside them.
    const treeBox = await page.getByRole('navigation', { name: 'Orgs', exact: true }).boundingBox();
    const tabsBox = await page.getByRole('tablist').boundingBox();
    expect(treeBox!.y + treeBox!.height).toBeLessThanOrEqual(tabsBox!.y);
    expect(treeBox!.width).toBeGreaterThan(300);
    await shows(page.getByRole('tab', { name: 'Invoices' }));
    await viewShot(page, 'orgs-phone');
    await page.getByRole('tab', { name: 'Case Types' }).click();
    await shows(page.getByRole('table', { name: 'Case Types' }).getByText('Tier 1 Investigation'));
    await screenshot(page, 'orgs-phone-case-types');
    await page.getByRole('button', { name: 'Show the org tree' }).click();
    await shows(treeRow(page, 'State Clients (STATE)'));
    // The tree unfolds with an animation: a row is clicked once the panel is fully open.
    await shows(page.locator('.MuiCollapse-entered', { has: orgTree(page) }));
    const federal = page.url();
    await treeRow(page, 'State Clients (STATE)').click();
    await page.waitForURL((url) => url.href !== federal && /\/orgs\/\d+\/case-types$/.test(url.pathname));
    await shows(page.getByRole('heading', { name: 'State Clients' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a manager sees the org tabs read only', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'manager');
    await page.goto('/orgs');
    await treeRow(page, 'Federal Clients (FED)').click();
    await shows(page.getByRole('heading', { name: 'Federal Clients' }));
    await expectValue(page.getByRole('textbox', { name: 'Name', exact: true }), 'Federal Clients');
    await expect.poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).isEditable()).toBe(false);
    await expectCount(page.getByRole('button', { name: 'Save Changes' }), 0);
    await expectCount(page.getByRole('button', { name: 'Add Org' }), 0);
    await expectCount(page.getByRole('button', { name: /Deactivate|Activate/ }), 0);
    await expectCount(page.getByText('Drag and drop Orgs to change parenting.'), 0);
    await expect.poll(() => treeRow(page, 'Federal Clients (FED)').evaluate((label) => label.closest('[draggable]')?.getAttribute('draggable') ?? null)).not.toBe('true');
    await expectText(page.getByRole('tablist'), /General.*Case Types/);
    await screenshot(page, 'orgs-manager');

    await page.getByRole('tab', { name: 'Case Types' }).click();
    await shows(page.getByRole('table', { name: 'Case Types' }).getByText('Tier 1 Investigation'));
    await expectCount(page.getByRole('button', { name: 'Add Case Type' }), 0);
    await screenshot(page, 'orgs-manager-case-types');
    expect(errors).toEqual([]);
    await context.close();
  });
});
