import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { startReceiver, type Receiver } from '../support/webhookReceiver.js';
import { apiAs, createDocCase, hasChromium, launchBrowser, newPage, screenshot, servers, shows, signIn } from './browser.js';

const T = WebhookTexts;
const SECRET = 'an-e2e-webhook-secret-of-length';

describe.runIf(hasChromium).each(servers)('webhooks on $name', (server) => {
  let browser: Browser;
  let receiver: Receiver;
  beforeAll(async () => {
    browser = await launchBrowser();
    receiver = await startReceiver(SECRET);
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
  });

  it('an administrator registers a webhook and sees a signed delivery in its log', async () => {
    const { page, context, errors } = await newPage(browser, server.baseUrl);
    await signIn(page, 'sysadmin');
    await page.goto('/webhooks');
    const table = page.getByRole('table', { name: T.title });
    await page.getByRole('button', { name: T.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByLabel('Secret').fill(SECRET);
    await dialog.getByRole('checkbox', { name: 'Case created' }).check();
    await dialog.getByRole('button', { name: T.createSubmit }).click();
    await shows(page.getByText(T.created));
    await shows(table.getByRole('cell', { name: receiver.url, exact: true }));

    const created = await createDocCase(await apiAs(server.baseUrl, 'caseadmin'), { FirstName: 'Hook', LastName: `Webhook${Date.now() % 100000}`, SSN: '4321' });
    const [delivery] = await receiver.waitFor(1, 15_000);
    expect(delivery.verified).toBe(true);
    expect(delivery.json).toMatchObject({ type: 'case.created', data: { caseId: created.Id } });

    await table.getByRole('cell', { name: receiver.url, exact: true }).click();
    const log = page.getByRole('table', { name: T.log.title });
    await shows(log.getByText('Delivered'));
    await shows(log.getByText('Case created'));
    await screenshot(page, `${server.name}-webhooks`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
