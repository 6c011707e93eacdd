import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed/demoIdentity.js';

/** The first row of the cases table, as a user sees it. */
export const FIRST_CASE_ROW = 'table[aria-label="Cases"] tbody tr td';

/** A script or an API call of a page load: ms from the navigation's start. */
export interface LoadStep {
  name: string;
  start: number;
  end: number;
}

/**
 * Waits for the first case row of a page that is loading /cases and answers when it showed (ms from the navigation's
 * start) and the scripts and API calls the page made until then, in the order they started — the waterfall. Used by
 * `npm run bench:first-row` and logged by the Chromium test of the cases list (tests/e2e/firstRow.test.ts).
 */
export async function firstRowTimings(page: Page): Promise<{ firstRow: number; steps: LoadStep[] }> {
  const shown = await page.waitForFunction((selector) => (document.querySelector(selector) ? performance.now() : 0), FIRST_CASE_ROW, { polling: 'raf', timeout: 60_000 });
  const firstRow = await shown.jsonValue();
  const steps = await page.evaluate((until) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return entries
      .filter((entry) => entry.startTime <= until && (/\.js$/.test(new URL(entry.name).pathname) || new URL(entry.name).pathname.startsWith('/api/')))
      .map((entry) => ({ name: new URL(entry.name).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js'), start: entry.startTime, end: entry.responseEnd }))
      .sort((a, b) => a.start - b.start);
  }, firstRow);
  return { firstRow, steps };
}

/** Signs in from the sign-in page as `userName` (a demo user who lands on /cases); answers the ms from the Sign In click to the first case row. */
export async function signInToFirstRow(page: Page, userName: string): Promise<number> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Sign In' }).click();
  const { firstRow } = await firstRowTimings(page);
  return firstRow - clicked;
}
