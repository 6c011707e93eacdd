import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DashboardTexts as T } from '../../src/dashboard/dashboardTexts.js';
import { hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

/**
 * The manager's dashboard in a real browser (issue 26 §1): the demo's manager (Managers hold Dashboard) signs in and
 * lands on it, with its figures and charts, at laptop and phone width; a figure opens the cases list filtered.
 */
describe.runIf(hasChromium).each(servers)('the dashboard on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  for (const viewport of ['laptop', 'phone'] as const) {
    it(`a manager signs in and lands on the dashboard (${viewport})`, async () => {
      const { page, context, errors } = await newPage(browser, server.baseUrl, viewport);
      await signIn(page, 'manager');
      await page.waitForURL('**/dashboard');
      await shows(page.getByRole('heading', { name: T.title, level: 1 }));
      await shows(page.getByRole('link', { name: new RegExp(`${T.cards.open}$`) }));
      for (const title of [T.charts.openByState, T.charts.weekly, T.charts.revenue, T.charts.workload]) await shows(page.getByRole('heading', { name: title }));
      await shows(page.locator('svg.MuiChartsSurface-root, svg[class*="MuiChartsSurface"]').first());
      await page.waitForTimeout(800);
      await screenshot(page, `${server.name}-dashboard-${viewport}`);
      if (viewport === 'phone') {
        // One column: the charts stack, none wider than the screen.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(391);
      } else {
        await page.getByRole('link', { name: new RegExp(`${T.cards.open}$`) }).click();
        await page.waitForURL('**/cases?filter=**');
        await shows(page.getByRole('region', { name: 'Case filters' }));
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
