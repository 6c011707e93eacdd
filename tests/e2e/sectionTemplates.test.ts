import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

const EVERY_TYPE: [type: string, label: string][] = [
  ['Text', 'Source Name'],
  ['Text Area', 'Narrative'],
  ['Checkbox', 'Interviewed In Person'],
  ['Phone Number', 'Source Phone'],
  ['Date', 'Contact Date'],
  ['Address', 'Meeting Place'],
  ['List', 'Relationship'],
  ['Template', 'Other Witnesses'],
];

/** Adds a top-level field of the given type with a label, through the builder's type chooser. */
async function addField(page: Page, type: string, label: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Field type/ }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add Field', exact: true }).click();
  const labels = dialog.getByRole('textbox', { name: /^Label/ });
  await labels.last().fill(label);
}

describe.runIf(hasChromium).each(servers)('section templates on $name', (server) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an administrator builds a section with one field of each type, puts it in an item template and that in a case template', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'sysadmin');
    await page.goto('/sections');
    await shows(page.getByRole('table', { name: 'Section Templates' }).getByText('Subject Interview'));
    await page.getByRole('button', { name: 'Add Section Template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Section Template Name').fill('Field Interview');
    for (const [type, label] of EVERY_TYPE) await addField(page, type, label);

    // The list field reads a lookup list; the template field gets a nested field.
    const listCard = dialog.getByTestId('field-card').filter({ hasText: 'Relationship' }).first();
    await listCard.getByRole('combobox', { name: /^List/ }).click();
    await page.getByRole('option', { name: 'Source Type' }).click();
    await dialog.getByRole('button', { name: 'Add Template Field' }).click();
    await dialog.getByRole('textbox', { name: /^Label/ }).last().fill('Witness Name');
    await dialog.getByTestId('field-card').filter({ hasText: 'SourceName' }).first().getByLabel('Required').check();

    const preview = dialog.getByLabel('Preview');
    await shows(preview.getByRole('textbox', { name: /Source Name/ }));
    await shows(preview.getByRole('checkbox', { name: 'Interviewed In Person' }));
    await shows(preview.getByRole('textbox', { name: 'Source Phone' }));
    await shows(preview.getByText('Meeting Place'));
    await shows(preview.getByText('Other Witnesses'));
    await screenshot(page, `${server.name}-section-builder`);

    await dialog.getByRole('button', { name: 'Add Section Template' }).click();
    await shows(page.getByText('The section Field Interview version 1 was added.'));
    const table = page.getByRole('table', { name: 'Section Templates' });
    await table.getByText('Field Interview').click();
    await shows(page.getByRole('table', { name: 'Versions of Field Interview' }));
    await screenshot(page, `${server.name}-sections`);

    // The new section goes into a new item template…
    await page.goto('/item-types');
    await page.getByRole('button', { name: 'Add Item Template' }).click();
    const itemDialog = page.getByRole('dialog');
    await itemDialog.getByLabel('Item Template Name').fill('Field Interview Check');
    await itemDialog.getByLabel('Item Template Header').fill('Field Interview of a Source');
    await itemDialog.getByRole('combobox', { name: 'Section Template' }).click();
    await page.getByRole('option', { name: 'Field Interview (v1)' }).click();
    await itemDialog.getByRole('button', { name: 'Add Section' }).click();
    await itemDialog.getByRole('button', { name: 'Add Item Template' }).click();
    await shows(page.getByText('The item template Field Interview Check was created.'));
    await shows(page.getByRole('table', { name: 'Item Templates' }).getByText('Field Interview Check'));

    // …and the item template into a new case template, which the list then shows.
    await page.goto('/case-templates');
    await page.getByRole('button', { name: 'Add Case Template' }).click();
    const caseDialog = page.getByRole('dialog');
    await caseDialog.getByLabel('Label').fill('Source Interview Package');
    await caseDialog.getByRole('combobox', { name: 'Contract Type' }).click();
    await page.getByRole('option', { name: 'Commercial' }).click();
    await caseDialog.getByRole('combobox', { name: 'Item Template' }).click();
    await page.getByRole('option', { name: 'Field Interview Check (Field Interview of a Source)' }).click();
    await caseDialog.getByRole('button', { name: 'Add Item' }).click();
    await caseDialog.getByRole('button', { name: 'Add Case Template' }).click();
    await shows(page.getByText('The case template Source Interview Package was created.'));
    await shows(page.getByRole('table', { name: 'Case Templates' }).getByRole('cell', { name: 'Source Interview Package', exact: true }));
    await screenshot(page, `${server.name}-case-templates-with-new`);
    expect(errors).toEqual([]);
    await context.close();
    // Three screens and a section with eight fields: longer than one screen's test on a shared machine.
  }, 180_000);

  it('shows the builder on a phone', async () => {
    const { page, context } = await newPage(browser, server.baseUrl, 'phone');
    await signIn(page, 'caseadmin');
    await page.goto('/sections');
    await page.getByRole('table', { name: 'Section Templates' }).getByText('Subject Interview').click();
    await shows(page.getByRole('table', { name: 'Versions of Subject Interview' }));
    await screenshot(page, `${server.name}-phone-sections`);
    await page.getByRole('button', { name: 'Add Section Template' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add Field' }).click();
    await shows(page.getByRole('dialog').getByTestId('field-card'));
    await screenshot(page, `${server.name}-phone-section-builder`);
    await context.close();
  });
});
