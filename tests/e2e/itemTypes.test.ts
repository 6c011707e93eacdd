import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectChecked, expectCount, expectValue, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

describe.runIf(hasChromium).each(servers)('item templates on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator builds an item template with sections and an asset', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/item-types');
    const table = page.getByRole('table', { name: 'Item Templates' });
    await shows(table.getByText('Residence Check'));

    await page.getByRole('button', { name: 'Add Item Template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Item Template' }).click();
    await shows(dialog.getByText('Item Template Name is required.'));
    await shows(dialog.getByText('Item Template Header is required.'));
    await dialog.getByLabel('Item Template Name').fill('Polygraph Review');
    await dialog.getByLabel('Item Template Header').fill('Polygraph Examination Review');
    await dialog.getByRole('combobox', { name: 'Section Template' }).click();
    await page.getByRole('option', { name: 'Reference Interview (v1)' }).click();
    await dialog.getByRole('button', { name: 'Add Section' }).click();
    await shows(dialog.getByRole('checkbox', { name: 'Required Reference Interview' }));
    await screenshot(page, `${server.name}-item-template-create`);
    await dialog.getByRole('button', { name: 'Add Item Template' }).click();
    await shows(page.getByText('The item template Polygraph Review was created.'));

    // The new template opens expanded: add a second section, mark it required, move it to the top.
    const sections = page.getByRole('table', { name: 'Sections of Polygraph Review' });
    await shows(sections.getByText('Reference Interview'));
    await page.getByRole('combobox', { name: 'Section Template' }).click();
    await page.getByRole('option', { name: 'Employment Verification (v1)' }).click();
    await page.getByRole('button', { name: 'Add Section' }).click();
    await shows(page.getByText('The section Employment Verification was added to Polygraph Review.'));
    // The Required box follows the server's answer, so click and wait for the saved state.
    const required = sections.getByRole('checkbox', { name: 'Required Employment Verification' });
    await required.click();
    await expect.poll(() => required.isChecked(), { timeout: 15_000 }).toBe(true);
    await shows(page.getByText('The section Employment Verification was updated on Polygraph Review.'));
    await expectCount(sections.getByRole('button', { name: 'Move Reference Interview up' }), 0);
    await sections.getByRole('button', { name: 'Move Employment Verification up' }).click();
    await shows(page.getByText('The sections of Polygraph Review were reordered.'));
    await expectCount(sections.getByRole('button', { name: 'Move Employment Verification up' }), 0);
    await expect.poll(() => sections.getByRole('row').nth(1).textContent()).toMatch(/^Employment Verification/);

    // Upload a small file, then rename it in place.
    await page.getByLabel('Upload assets to Polygraph Review').setInputFiles({
      name: 'examiner-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Examiner notes for the polygraph review.\n'),
    });
    await shows(page.getByText('1 file was added to Polygraph Review.'));
    const assets = page.getByRole('table', { name: 'Assets of Polygraph Review' });
    const name = assets.getByRole('textbox', { name: 'Name of examiner-notes.txt' });
    await expectValue(name, 'examiner-notes.txt');
    await name.fill('Examiner notes.txt');
    await shows(page.getByText('Filename updated.'));
    await screenshot(page, `${server.name}-item-templates`);

    // After a reload the order, the required flag and the new name are still there.
    await page.reload();
    await page.getByRole('button', { name: 'Edit Polygraph Review' }).click();
    await expect.poll(() => sections.getByRole('row').nth(1).textContent()).toMatch(/^Employment Verification/);
    await expectChecked(sections.getByRole('checkbox', { name: 'Required Employment Verification' }), true);
    await expectValue(assets.getByRole('textbox', { name: 'Name of examiner-notes.txt' }), 'Examiner notes.txt');

    // Disabled templates leave the default (Enabled) list.
    await table.getByRole('button', { name: 'Disable Polygraph Review' }).click();
    await shows(page.getByText('The item template Polygraph Review was disabled.'));
    await expectCount(table.getByText('Polygraph Review', { exact: true }), 0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads well on a phone', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'caseadmin');
    await page.goto('/item-types');
    await page.getByRole('button', { name: 'Edit Residence Check' }).click();
    await shows(page.getByRole('table', { name: 'Sections of Residence Check' }));
    await screenshot(page, `${server.name}-item-templates-phone`);
    await page.getByRole('button', { name: 'Add Item Template' }).click();
    await shows(page.getByRole('dialog'));
    await page.waitForTimeout(300); // let the modal's fade-in finish before the picture
    await screenshot(page, `${server.name}-item-template-create-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
