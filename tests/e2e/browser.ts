import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import './globalSetup.js';

export { DEMO_PASSWORD } from '../../server/db/seed/demoIdentity.js';
import { DEMO_PASSWORD } from '../../server/db/seed/demoIdentity.js';
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

/**
 * A fresh browser profile (own local storage) at the server's address, failing the test on page errors. Every page
 * of the profile (pop-ups too) reports what its Content-Security-Policy blocked; the test fails on it (setup.ts).
 */
export async function newPage(browser: Browser, baseURL: string, viewport: keyof typeof VIEWPORTS = 'laptop'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport] });
  await watchContentSecurityPolicy(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  return { context, page, errors };
}

/** What the pages' Content-Security-Policy blocked since the running test began. */
const cspViolations: string[] = [];

/** The CSP violations of the running test, forgotten once read (setup.ts fails the test on any). */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

/**
 * Records every CSP violation of a profile's pages: the `securitypolicyviolation` event each document fires (an init
 * script listens, before the page's own scripts run), and Chromium's console message for it.
 */
async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__dossierCspViolation', ({ page }, text: string) => {
    cspViolations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __dossierCspViolation(text: string): void }).__dossierCspViolation;
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
      report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where}${event.sample ? ` (${event.sample})` : ''}`);
    });
  });
  context.on('console', (message) => {
    const [text] = message.text().split('\n');
    if (message.type() === 'error' && /Content Security Policy/i.test(text)) cspViolations.push(`${message.page()?.url() ?? '?'}: ${text}`);
  });
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

/**
 * Saves a screenshot to test-results/screenshots/<name>.png for a person to look at: the whole page, or only the
 * viewport where something is open that a resize would close. (To measure a full page, Playwright shrinks the
 * window to 1×1 for a moment; the layout takes its phone form then, and a desktop-only menu open at the time is
 * unmounted — on a slow machine, before the window is restored.)
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
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

type Api = Awaited<ReturnType<typeof apiAs>>;
type Json = Record<string, unknown>;

/**
 * A new T1 case of the demo org DOC (its first requesting official) with this subject, made through the API as the
 * given user; answers the case as the API answered it.
 */
export async function createDocCase(api: Api, subject: { FirstName: string; LastName: string; SSN: string }): Promise<Json> {
  const doc = ((await api('GET', '/api/orgs')).body as Json[]).find((o) => o.Code === 'DOC')!;
  const officials = (await api('GET', `/api/cases/requesting-official/${String(doc.Id)}`)).body as Json[];
  const caseTypes = (await api('GET', `/api/orgs/${String(doc.Id)}/case-types`)).body as Json[];
  const t1 = caseTypes.find((c) => (c.CaseType as Json | undefined)?.Short === 'T1' || c.Short === 'T1')!;
  const created = await api('POST', '/api/cases', {
    RequestingOfficial_Id: officials[0].Id,
    Client_Id: doc.Id,
    CaseType_Id: t1.CaseType_Id ?? t1.Id,
    Notes: null,
    CaseSubject: { MiddleName: null, ...subject },
    CreateDuplicate: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as Json;
}

// Waiting assertions on locators (vitest's expect does not know Playwright locators).
export const WAIT_MS = 15_000;

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

/**
 * What a page reads from the API from now on: `requests`, the requests it sends to read (GETs under /api/, the live
 * stream aside, and read batches, POST /api/reads), and `reads`, the answers they ask for (a batch's reads each).
 * `settled` waits until no new request came for a second (the live stream stays open, so the network is never idle).
 * Issue 25 ("pages that open in one round of requests"): at most 3 requests, and no answer read twice.
 */
export function recordReads(page: Page): { requests: string[]; reads: string[]; settled: () => Promise<void>; repeated: () => string[] } {
  const requests: string[] = [];
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const address = `${url.pathname}${url.search}`;
    if (request.method() === 'GET' && url.pathname.startsWith('/api/') && url.pathname !== '/api/live/events') {
      requests.push(address);
      reads.push(address);
    } else if (request.method() === 'POST' && url.pathname === '/api/reads') {
      const { Paths } = request.postDataJSON() as { Paths: string[] };
      requests.push(`POST /api/reads (${Paths.length} reads)`);
      reads.push(...Paths);
    }
  });
  return {
    requests,
    reads,
    async settled() {
      for (let last = -1; last !== requests.length; ) {
        last = requests.length;
        await page.waitForTimeout(1000);
      }
    },
    repeated: () => reads.filter((read, index) => reads.indexOf(read) !== index),
  };
}
