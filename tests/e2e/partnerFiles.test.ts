import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { Texts } from '../../shared/texts/index.js';
import { expectCount, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

const F = Texts.identity.files;

describe.runIf(hasChromium).each(servers)('partner file tool on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a Palmetto member uploads, lists, downloads and deletes a file', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'palmetto');
    await page.goto('/fileu');
    await page.getByLabel('File').setInputFiles({ name: 'request-0412.csv', mimeType: 'text/csv', buffer: Buffer.from('case,subject\n1,Doe\n') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await shows(page.getByText(F.uploaded));
    await screenshot(page, `${server.name}-partner-upload`);

    await page.getByRole('link', { name: 'Files' }).click();
    const table = page.getByRole('table', { name: 'Files in Palmetto Requests' });
    await shows(table.getByText('Palmetto Requests/request-0412.csv'));
    await screenshot(page, `${server.name}-partner-files`);
    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: 'Download request-0412.csv' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('request-0412.csv');
    expect(await readFile((await file.path())!, 'utf8')).toContain('1,Doe');

    await table.getByRole('button', { name: 'Delete request-0412.csv' }).click();
    await shows(page.getByText(F.confirmDelete));
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await shows(page.getByText(F.deleted));
    await expectCount(table.getByText('request-0412.csv'), 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a user outside the group that they are not authorized', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'client');
    await page.goto('/filed');
    await shows(page.getByText(Texts.global.notAuthorized));
    await page.goto('/fileuNCSC');
    await shows(page.getByText(Texts.global.notAuthorized));
    await context.close();
  });
});
