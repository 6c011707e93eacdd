import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiAs, hasChromium, launchBrowser, newPage, screenshot, SCREENSHOT_DIR, servers, shows, signIn, WAIT_MS } from './browser.js';

/**
 * The tables as a firm's staff meet them on a 1366 × 768 laptop and on a phone: every column the spec lists within
 * reach (the column chooser), the row actions always in view, and a cue where a table runs past its card.
 */
const LAPTOP = { width: 1366, height: 768 };

/** What the screen shows (not the whole page). */
const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A table's column header by its exact text. */
const header = (table: Locator, label: string) => table.locator('thead th').filter({ hasText: new RegExp(`^${escape(label)}$`) });

/** A table's scroll box (the card's width): what it shows, how much of the table it hides, and the cue it carries. */
function scrollBox(table: Locator) {
  return table.evaluate((element) => {
    const box = element.parentElement!;
    const { left, right } = box.getBoundingClientRect();
    const shadow = (edge: '::before' | '::after') => getComputedStyle(box.parentElement!, edge).opacity === '1';
    return {
      left,
      right,
      hidden: box.scrollWidth - box.clientWidth,
      scrollLeft: box.scrollLeft,
      moreLeft: box.hasAttribute('data-more-left'),
      moreRight: box.hasAttribute('data-more-right'),
      // The shadows at the card's edges (a table without row actions; the left one once scrolled).
      leftShadow: shadow('::before'),
      rightShadow: shadow('::after'),
    };
  });
}

/** The shadow the sticky row actions cast over the columns passing under them. */
const actionsShadow = (cell: Locator) => cell.evaluate((element) => getComputedStyle(element.closest('td, th')!).boxShadow);

/**
 * Whether a control is in view without scrolling the table sideways: wholly inside the table's visible box and the
 * topmost thing where it is drawn (not covered by other cells). The page scrolls up or down to it, never sideways.
 */
async function inViewWithoutSideScroll(table: Locator, control: Locator): Promise<boolean> {
  const before = (await scrollBox(table)).scrollLeft;
  await control.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2));
  const box = await scrollBox(table);
  const on = await control.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { left: r.left, right: r.right, topmost: hit !== null && element.contains(hit) };
  });
  return box.scrollLeft === before && on.left >= box.left - 1 && on.right <= box.right + 1 && on.topmost;
}

/** Opens a table's column chooser and sets the named columns shown; answers the columns it offers. */
async function chooseColumns(page: Page, table: string, show: readonly string[]): Promise<string[]> {
  await page.getByRole('button', { name: `Columns of ${table}` }).click();
  const chooser = page.getByRole('presentation').filter({ has: page.getByRole('switch') });
  await shows(chooser.getByRole('switch').first());
  const offered = await chooser.getByRole('option').allInnerTexts();
  for (const name of show) {
    const toggle = chooser.getByRole('switch', { name, exact: true });
    if (!(await toggle.isChecked())) await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: WAIT_MS }).toBe(true);
  }
  await page.keyboard.press('Escape');
  await chooser.waitFor({ state: 'hidden' });
  return offered.map((text) => text.trim());
}

const CASE_COLUMNS = ['Case #', 'Name', 'Org', 'Received', 'Scheduled', 'CD', 'Completed', 'Reviewer', 'Case Type', 'Status'];
const ITEM_COLUMNS = ['Case #', 'Case Name', 'Org', 'Case Type', 'Item No', 'Location', 'Assignee', 'Reviewer', 'ACD', 'Item Status', 'Item Type', 'Completed Date'];
const ORG_USER_COLUMNS = ['Name', 'Groups', 'Phone', 'Email', 'Inherited', 'PoC', 'On Hold', 'Submission', 'Completion', 'Include ROI', 'Encrypt ROI', 'View Closed Cases'];

describe.runIf(hasChromium).each(servers)('tables on a laptop and a phone on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('/cases at 1366 × 768: the row actions in view, every spec column in the chooser, the cue once the table runs past its card', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'sysadmin');
    await page.goto('/cases');
    const table = page.getByRole('table', { name: 'Cases' });
    const firstRow = table.locator('tbody tr').first();
    const edit = firstRow.getByRole('link', { name: /^Edit DOS-/ });
    const remove = firstRow.getByRole('button', { name: /^Delete DOS-/ });
    await shows(remove);
    // The columns a laptop fits, the row actions among them, without a sideways scroll.
    for (const label of ['Case #', 'Name', 'Org', 'Received', 'CD', 'Reviewer', 'Case Type', 'Status', 'Actions']) await shows(header(table, label));
    expect(await header(table, 'Scheduled').count()).toBe(0);
    expect(await inViewWithoutSideScroll(table, edit)).toBe(true);
    expect(await inViewWithoutSideScroll(table, remove)).toBe(true);
    await screenshot(page, 'tables-cases-laptop');

    // Every column the spec lists is in the chooser; the two it hides show on demand.
    expect(await chooseColumns(page, 'Cases', ['Scheduled', 'Completed'])).toEqual(CASE_COLUMNS);
    for (const label of CASE_COLUMNS) await header(table, label).waitFor({ state: 'attached' });
    // Now wider than its card: the actions stay in view, casting a shadow over the columns under them.
    await expect.poll(async () => (await scrollBox(table)).moreRight, { timeout: WAIT_MS }).toBe(true);
    expect((await scrollBox(table)).hidden).toBeGreaterThan(0);
    // (Polled: on a busy machine the table may still be laying out its new columns.)
    await expect.poll(() => inViewWithoutSideScroll(table, remove), { timeout: WAIT_MS }).toBe(true);
    expect(await actionsShadow(remove)).not.toBe('none');
    await viewShot(page, 'tables-cases-laptop-all-columns');
    // Scrolled to its end, the hidden columns come out from under the actions; the cue moves to the left edge.
    await table.evaluate((element) => element.parentElement!.scrollTo({ left: element.parentElement!.scrollWidth }));
    await expect.poll(async () => (await scrollBox(table)).moreLeft, { timeout: WAIT_MS }).toBe(true);
    expect((await scrollBox(table)).moreRight).toBe(false);
    await expect.poll(async () => (await scrollBox(table)).leftShadow, { timeout: WAIT_MS }).toBe(true);
    expect(await actionsShadow(remove)).toBe('none');
    expect(await inViewWithoutSideScroll(table, firstRow.locator('td').nth(-2))).toBe(true);

    // The choice is this user's and stays.
    await page.reload();
    await shows(header(table, 'Scheduled'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/items at 1366 × 768: the status in view, the other spec columns in the chooser, a shadow where the table runs on', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'caseadmin');
    await page.goto('/items');
    const table = page.getByRole('table', { name: 'Items' });
    const status = table.locator('tbody tr').first().locator('.MuiChip-root');
    await shows(status);
    for (const label of ['Case #', 'Case Name', 'Org', 'Case Type', 'Item No', 'Location', 'Assignee', 'ACD', 'Item Status']) await shows(header(table, label));
    expect((await scrollBox(table)).hidden).toBeLessThanOrEqual(0);
    expect((await scrollBox(table)).rightShadow).toBe(false);
    expect(await inViewWithoutSideScroll(table, status)).toBe(true);
    await screenshot(page, 'tables-items-laptop');

    expect(await chooseColumns(page, 'Items', ['Reviewer', 'Item Type', 'Completed Date'])).toEqual(ITEM_COLUMNS);
    for (const label of ITEM_COLUMNS) await header(table, label).waitFor({ state: 'attached' });
    await expect.poll(async () => (await scrollBox(table)).moreRight, { timeout: WAIT_MS }).toBe(true);
    await expect.poll(async () => (await scrollBox(table)).rightShadow, { timeout: WAIT_MS }).toBe(true);
    await viewShot(page, 'tables-items-laptop-all-columns');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an org's Users tab at 1366 × 768: the settings to View Closed Cases in view, groups and phone in the chooser", async () => {
    const api = await apiAs(server.baseUrl, 'sysadmin');
    const doc = ((await api('GET', '/api/orgs')).body as { Id: number; Code: string }[]).find((o) => o.Code === 'DOC')!;
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'sysadmin');
    await page.goto(`/orgs/${doc.Id}/users`);
    const table = page.getByRole('table', { name: 'Users' });
    const lastSetting = table.locator('tbody tr').first().getByRole('checkbox', { name: /^View Closed Cases / });
    await shows(lastSetting);
    expect(await inViewWithoutSideScroll(table, lastSetting)).toBe(true);
    expect(await inViewWithoutSideScroll(table, table.locator('tbody tr').first().getByRole('checkbox', { name: /^Encrypt ROI / }))).toBe(true);
    expect((await scrollBox(table)).hidden).toBeLessThanOrEqual(0);
    await screenshot(page, 'tables-org-users-laptop');
    expect(await chooseColumns(page, 'Users', ['Groups', 'Phone'])).toEqual(ORG_USER_COLUMNS);
    for (const label of ORG_USER_COLUMNS) await header(table, label).waitFor({ state: 'attached' });
    // The table lays out again once the chooser has closed and the columns are drawn.
    const edit = table.locator('tbody tr').first().getByRole('button', { name: /^Edit / });
    await expect.poll(() => inViewWithoutSideScroll(table, edit), { timeout: WAIT_MS }).toBe(true);
    await viewShot(page, 'tables-org-users-laptop-all-columns');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a case's items and papers on a phone: the row actions in view, the status a swipe away with a shadow saying so", async () => {
    const api = await apiAs(server.baseUrl, 'caseadmin');
    const found = await api('POST', '/api/cases/search', { page: 0, pageSize: 5, sorted: [], filtered: [{ id: 'CaseNumber', value: 'DOS-2026-000123' }] });
    const caseId = (found.body as { cases: { Id: number }[] }).cases[0].Id;
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'caseadmin');
    await page.goto(`/cases/${caseId}`);

    const items = page.getByRole('table', { name: /^Items of case / });
    const itemRow = items.locator('tbody tr').first();
    const deleteItem = itemRow.getByRole('button', { name: /^Delete Item / });
    await shows(deleteItem);
    expect(await inViewWithoutSideScroll(items, itemRow.getByRole('link', { name: /^Edit Item / }))).toBe(true);
    expect(await inViewWithoutSideScroll(items, deleteItem)).toBe(true);
    // Wider than a phone: the shadow along the actions says more lies under them — the status among it.
    expect((await scrollBox(items)).hidden).toBeGreaterThan(0);
    await expect.poll(async () => (await scrollBox(items)).moreRight, { timeout: WAIT_MS }).toBe(true);
    expect(await actionsShadow(deleteItem)).not.toBe('none');
    await viewShot(page, 'tables-case-items-phone');
    const status = itemRow.locator('.MuiChip-root');
    expect(await inViewWithoutSideScroll(items, status)).toBe(false);
    // The swipe is made again until the status shows: the case page may read its case again meanwhile (its poll),
    // and a table drawn anew starts at its left edge.
    const swiped = async () => {
      await items.evaluate((element) => element.parentElement!.scrollTo({ left: element.parentElement!.scrollWidth }));
      return inViewWithoutSideScroll(items, status);
    };
    await expect.poll(swiped, { timeout: WAIT_MS }).toBe(true);
    expect(await inViewWithoutSideScroll(items, deleteItem)).toBe(true);
    await viewShot(page, 'tables-case-items-phone-swiped');

    const papers = page.getByRole('table', { name: 'Papers' });
    const deletePaper = papers.locator('tbody tr').first().getByRole('button', { name: /^Delete / });
    await shows(deletePaper);
    expect(await inViewWithoutSideScroll(papers, deletePaper)).toBe(true);
    // A cue exactly when the papers run past the card.
    const box = await scrollBox(papers);
    expect(box.moreRight).toBe(box.hidden > 1);
    expect((await actionsShadow(deletePaper)) !== 'none').toBe(box.hidden > 1);
    await viewShot(page, 'tables-case-papers-phone');
    await screenshot(page, 'tables-case-page-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
