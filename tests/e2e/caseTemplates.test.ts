import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { expectChecked, expectCount, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

/** The item template names of the editor's Items table, top to bottom. */
const itemOrder = async (items: Locator) =>
  Promise.all((await items.getByRole('row').all()).slice(1).map((row) => row.getByRole('cell').first().locator('p').textContent()));

describe.runIf(hasChromium).each(servers)('case templates on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator builds a case template, and cannot delete one in use', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'caseadmin');
    await page.goto('/case-templates');
    const table = page.getByRole('table', { name: 'Case Templates' });
    await shows(table.getByRole('cell', { name: 'Tier 3 Standard', exact: true }));

    await page.getByRole('button', { name: 'Add Case Template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add Case Template' }).click();
    await shows(dialog.getByText('Label is required.'));
    await shows(dialog.getByText('Contract Type is required.'));
    await shows(dialog.getByText('This case template has no items yet.'));
    await dialog.getByLabel('Label').fill('Tier 2 Standard');
    await dialog.getByRole('combobox', { name: 'Contract Type' }).click();
    await page.getByRole('option', { name: 'Federal' }).click();
    for (const option of ['Subject Interview (Personal Subject Interview)', 'Residence Check (Verification of Residence)']) {
      await dialog.getByRole('combobox', { name: 'Item Template' }).click();
      await page.getByRole('option', { name: option }).click();
      await dialog.getByRole('button', { name: 'Add Item' }).click();
    }
    const items = dialog.getByRole('table', { name: 'Items' });
    await expectCount(items.getByRole('row'), 3);
    await expectCount(items.getByRole('button', { name: 'Move Subject Interview up' }), 0);
    await items.getByRole('button', { name: 'Move Residence Check up' }).click();
    await expect.poll(() => itemOrder(items), { timeout: 15_000 }).toEqual(['Residence Check', 'Subject Interview']);
    await items.getByRole('checkbox', { name: 'Auto Add Item for Subject Interview' }).uncheck();
    await screenshot(page, `${server.name}-case-template-items`);

    await dialog.getByRole('button', { name: 'Switch to XSLT Editor' }).click();
    await shows(dialog.getByRole('group', { name: 'Footer XSLT' }));
    await dialog.getByRole('group', { name: 'Header XSLT' }).locator('.cm-content').fill('<div class="header">Tier 2</div>');
    await screenshot(page, `${server.name}-case-template-xslt`);
    await dialog.getByRole('button', { name: 'Switch to Items' }).click();
    await expect.poll(() => itemOrder(items), { timeout: 15_000 }).toEqual(['Residence Check', 'Subject Interview']);
    await dialog.getByRole('button', { name: 'Add Case Template' }).click();
    await shows(page.getByText('The case template Tier 2 Standard was created.'));
    await shows(table.getByRole('cell', { name: 'Tier 2 Standard', exact: true }));

    // Reopened, the template keeps the order, the flags and the XSLT.
    await table.getByRole('cell', { name: 'Tier 2 Standard', exact: true }).click();
    await shows(items.getByText('Residence Check'));
    await expect.poll(() => itemOrder(items), { timeout: 15_000 }).toEqual(['Residence Check', 'Subject Interview']);
    await expectChecked(items.getByRole('checkbox', { name: 'Auto Add Item for Subject Interview' }), false);
    await dialog.getByRole('button', { name: 'Switch to XSLT Editor' }).click();
    await shows(dialog.getByRole('group', { name: 'Header XSLT' }).getByText('Tier 2'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectCount(page.getByRole('dialog'), 0);

    // The seeded Tier 3 template is used by cases and orgs: the refusal lists them.
    await table.getByRole('button', { name: 'Delete Tier 3 Standard' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('dialog', { name: 'Tier 3 Standard cannot be deleted yet' });
    await shows(refusal);
    const cases = refusal.getByRole('list', { name: 'Cases using this template' });
    await shows(cases.getByRole('listitem'));
    expect(await cases.getByRole('listitem').count()).toBeGreaterThan(0);
    await shows(refusal.getByRole('list', { name: 'Orgs using this template' }).getByRole('link'));
    await expectCount(page.getByRole('dialog'), 1);
    await page.waitForTimeout(300); // let the modal's fade-in finish before the picture
    await screenshot(page, `${server.name}-case-template-in-use`);
    await refusal.getByRole('button', { name: 'Close' }).click();
    await shows(table.getByRole('cell', { name: 'Tier 3 Standard', exact: true }));
    await screenshot(page, `${server.name}-case-templates`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads well on a phone', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'caseadmin');
    await page.goto('/case-templates');
    const table = page.getByRole('table', { name: 'Case Templates' });
    await shows(table.getByRole('cell', { name: 'Tier 3 Standard', exact: true }));
    await screenshot(page, `${server.name}-case-templates-phone`);
    await table.getByRole('cell', { name: 'Tier 1 Standard', exact: true }).click();
    await shows(page.getByRole('dialog').getByRole('table', { name: 'Items' }));
    await page.waitForTimeout(300); // let the modal's fade-in finish before the picture
    await screenshot(page, `${server.name}-case-template-edit-phone`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
