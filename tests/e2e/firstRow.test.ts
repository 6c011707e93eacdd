import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { firstRowTimings, signInToFirstRow } from '../../bench/firstRowTimings.js';
import { hasChromium, launchBrowser, newPage, servers } from './browser.js';

/** Chunks of the forms (their inputs, the schema validation): loaded when a form opens, never for a list's rows. */
const FORM_CODE = /^(SchemaInput|ResourceForm|ResourceFormDialog|inputs|validationMessages|schemas|useResourceSave)-[\w-]{8}\.js$/;

/** The chunks a script imports statically (`import … from "./X.js"`), found by reading the served files. */
async function staticImports(baseUrl: string, entry: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = await (await fetch(`${baseUrl}/assets/${name}`)).text();
    for (const match of code.matchAll(/(?:import|export)\s*(?:[\w${},*\s]+from\s*)?"\.\/([\w.-]+\.js)"/g)) queue.push(match[1]);
  }
  seen.delete(entry);
  return seen;
}

/**
 * What a user waits for before the first case row (issue 22, "Speed a user feels"): the timings are written to the
 * log, not asserted (`npm run bench:first-row` measures them on a quiet machine); what is asserted is what makes them
 * short — a production build of React, a list whose code does not pull in the forms', and a search that starts
 * before the filter bar's own calls and code.
 */
describe.runIf(hasChromium).each(servers)('the first case row on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows after sign-in and after a reload, from a production build whose list code leaves the forms out', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    const afterSignIn = await signInToFirstRow(page, 'caseadmin');
    await page.reload();
    const afterReload = await firstRowTimings(page);
    console.log(
      `First case row: ${afterSignIn.toFixed(0)} ms from the Sign In click, ${afterReload.firstRow.toFixed(0)} ms after a reload of /cases.\n` +
        afterReload.steps.map((step) => `  ${step.start.toFixed(0).padStart(5)} → ${step.end.toFixed(0).padStart(5)}  ${step.name}`).join('\n'),
    );

    // The scripts served are React's production build (its development build renders several times slower).
    const scripts = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.js')));
    const react = scripts.find((p) => /\/react-[\w-]{8}\.js$/.test(p));
    expect(react).toBeDefined();
    const reactCode = await (await fetch(`${server.baseUrl}${react}`)).text();
    expect(reactCode).not.toContain('Each child in a list should have a unique');

    // The list's code asks for no form code: it loads when a form opens (or a date filter shows), not before the rows.
    const list = scripts.map((p) => p.replace('/assets/', '')).find((name) => /^ResourceList-[\w-]{8}\.js$/.test(name));
    expect(list).toBeDefined();
    const pulled = [...(await staticImports(server.baseUrl, list!))];
    expect(pulled.length).toBeGreaterThan(0);
    expect(pulled.filter((name) => FORM_CODE.test(name))).toEqual([]);

    // The search starts with the table's first render: the filter bar (its reviewer choices) renders after it, and
    // the date filters' picker (the form code) loads once the list has answered.
    const started = await page.evaluate(() =>
      Object.fromEntries((performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [new URL(e.name).pathname, e.startTime])),
    );
    const startOf = (pattern: RegExp) => Object.entries(started).find(([path]) => pattern.test(path))?.[1] ?? Number.POSITIVE_INFINITY;
    const search = startOf(/^\/api\/cases\/search$/);
    expect(search).toBeLessThan(Number.POSITIVE_INFINITY);
    expect(search).toBeLessThan(startOf(/^\/api\/reviewers$/));
    expect(search).toBeLessThan(startOf(/\/DateFilterField-[\w-]{8}\.js$/));
    expect(errors).toEqual([]);
    await context.close();
  });
});
