import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnconfiguredAccounting } from '../../server/billing/accounting.js';
import { QuickBooksAccounting } from '../../server/billing/qbo/quickBooksAccounting.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { connectQbo, FakeQbo } from '../support/fakeQbo.js';

/**
 * An org's accounting-service company is required (spec 002 §2.1 Invoices tab, §9) once one can be chosen: while the
 * accounting service is connected the server refuses none with the form's own words; without a service set up, or
 * authorised, none is the only choice and saves (docs/decisions.md).
 */
let t: TestApp;
let qbo: FakeQbo;
let manager: string;

beforeAll(async () => {
  [t, qbo] = await Promise.all([startTestApp(), new FakeQbo().start()]);
  manager = await t.signIn('manager');
});
afterAll(async () => {
  await t.close();
  await qbo.stop();
});

const url = async () => {
  const acme = await t.database.db.selectFrom('orgs').select('Id').where('Code', '=', 'ACME').executeTakeFirstOrThrow();
  return `/api/orgs/${acme.Id}/invoice-settings`;
};
const save = async (QboId: string | null, IncludeLast4SSN = false) => t.call(manager, { method: 'PUT', url: await url(), payload: { QboId, IncludeLast4SSN } });
const read = async () => (await t.call(manager, { method: 'GET', url: await url() })).json();

describe("an org's company", () => {
  it('may be none while no accounting service is set up', async () => {
    t.app.services.accounting = new UnconfiguredAccounting();
    const saved = await save(null, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read()).toMatchObject({ QboId: null, IncludeLast4SSN: true });
  });

  it('is required while the accounting service is connected: none is refused under QboId and nothing changes', async () => {
    await connectQbo(t, qbo, manager);
    const refused = await save(null, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toEqual({ QboId: ['QuickBooks Company is required.'] });
    expect(await read()).toMatchObject({ QboId: null, IncludeLast4SSN: true });

    expect((await save('59')).statusCode).toBe(200);
    expect((await save(null)).json().ModelState).toEqual({ QboId: ['QuickBooks Company is required.'] });
    expect((await read()).QboId).toBe('59');
    // Missing altogether, it is refused the same way, connected or not.
    const missing = await t.call(manager, { method: 'PUT', url: await url(), payload: { IncludeLast4SSN: true } });
    expect(missing.json().ModelState).toEqual({ QboId: ['QuickBooks Company is required.'] });
  });

  it('may be none again while the service is not authorised (no company can be chosen then)', async () => {
    await t.database.db.deleteFrom('qbo_connections').execute();
    t.app.services.accounting = new QuickBooksAccounting(qbo.config(), t.clock.now);
    const saved = await save(null);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read()).toMatchObject({ QboId: null, QboCompany: null });
  });
});
