import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Texts } from '../../shared/texts/index.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("the schemas' rule keywords on the server", () => {
  it("checks x-notFuture against the server's day, which moves with its clock", async () => {
    let token = await t.signIn('investigator');
    const me = (await t.call(token, { method: 'GET', url: '/api/user' })).json();
    const save = (LastInvestigation: string) =>
      t.call(token, {
        method: 'PUT',
        url: '/api/user',
        payload: {
          FirstName: me.FirstName,
          LastName: me.LastName,
          Emails: me.Emails.map((e: { Address: string }) => ({ Address: e.Address })),
          Clearances: [{ ClearanceType_Id: t.lookup('ClearanceType', 'S'), LastInvestigation, OrgCode: 'DOD' }],
        },
      });
    const refused = await save(day(2));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toEqual({ 'Clearances[0].LastInvestigation': [Texts.identity.users.lastInvestigationInFuture] });

    t.clock.advance(3 * 86_400_000);
    try {
      token = await t.signIn('investigator');
      const saved = await save(day(2));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().Clearances).toMatchObject([{ LastInvestigation: day(2) }]);
      const later = await save(day(4));
      expect(later.json().ModelState).toEqual({ 'Clearances[0].LastInvestigation': [Texts.identity.users.lastInvestigationInFuture] });
    } finally {
      t.clock.reset();
    }
  });
});
