import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import './globalSetup.js';

export const DEMO_PASSWORD = 'demo-pass-2026';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** The server the Chromium tests run against (one: PGlite, or PostgreSQL with E2E_DATABASE=postgres). */
export const servers = inject('e2eServers');
export const hasChromium = inject('chromiumPath') !== '';

export const VIEWPORTS = {
  laptop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh browser profile (own local storage) at the server's address, failing the test on page errors. */
export async function newPage(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS = 'laptop'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page, errors };
}

/** The pages of the running test still open (a failed test leaves its own open). */
const openPages = new Set<Page>();

/**
 * What a failed test left on screen, for the person reading the run: a screenshot of each of its open pages
 * (test-results/screenshots/failed-…) and, in the log, each page's address and the open dialogs' text. Called
 * after every test: it forgets the pages of a test that passed.
 */
export async function recordFailure(testName: string, failed: boolean): Promise<void> {
  if (!failed) {
    openPages.clear();
    return;
  }
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let n = 0;
  for (const page of openPages) {
    n += 1;
    try {
      await screenshot(page, `failed-${slug}-${n}`);
      const dialogs = await page.getByRole('dialog').allInnerTexts();
      const alerts = await page.getByRole('alert').allInnerTexts();
      console.log(`[${testName}] page ${n}: ${page.url()}\n  dialogs: ${JSON.stringify(dialogs)}\n  alerts: ${JSON.stringify(alerts)}`);
    } catch (error) {
      console.log(`[${testName}] page ${n}: could not be recorded (${(error as Error).message})`);
    }
  }
  openPages.clear();
}

export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Saves a screenshot to test-results/screenshots/<name>.png for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Calls the API directly (for setup), signing in as the given user. */
export async function apiAs(baseURL: string, userName: string) {
  const tokenAnswer = await fetch(`${baseURL}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: userName, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  return async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseURL}${url}`, {
      method,
      // A multipart body (FormData) goes as it is: fetch sets its content type with the boundary.
      headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: response.status === 204 ? null : await response.json() };
  };
}

// Waiting assertions on locators (vitest's expect does not know Playwright locators).
const WAIT_MS = 15_000;

export async function shows(locator: Locator, timeout = WAIT_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

export async function expectCount(locator: Locator, count: number): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: WAIT_MS }).toBe(count);
}

export async function expectValue(locator: Locator, value: string): Promise<void> {
  await expect.poll(() => locator.inputValue(), { timeout: WAIT_MS }).toBe(value);
}

export async function expectChecked(locator: Locator, checked: boolean): Promise<void> {
  await expect.poll(() => locator.isChecked(), { timeout: WAIT_MS }).toBe(checked);
}

export async function expectText(locator: Locator, pattern: RegExp): Promise<void> {
  await expect.poll(async () => (await locator.first().textContent()) ?? '', { timeout: WAIT_MS }).toMatch(pattern);
}

/** Opens org tree nodes by name, top down (a tree may start with only its first node expanded). */
export async function openTreeNodes(tree: Locator, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const item = tree.getByRole('treeitem', { name: new RegExp(`^${name}`) }).first();
    await shows(item);
    if ((await item.getAttribute('aria-expanded')) !== 'true') await item.locator('.MuiTreeItem-iconContainer').first().click();
    await expect.poll(() => item.getAttribute('aria-expanded'), { timeout: WAIT_MS }).toBe('true');
  }
}

/**
 * Ticks an org's checkbox in a tree. The box is clicked where it shows, once the row stands still (a node that has
 * just opened slides its children in), and is then read back ticked.
 */
export async function checkTreeItem(item: Locator): Promise<void> {
  await item.locator('.MuiCheckbox-root').first().click();
  await expectChecked(item.locator('input[type="checkbox"]').first(), true);
}
