import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testApp.js';

let t: TestApp;
let admin: string;
let uomEach: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('sysadmin');
  const lists = (await t.call(admin, { method: 'GET', url: '/api/types' })).json();
  uomEach = lists.find((l: { TableName: string }) => l.TableName === 'UOMType').Types.find((i: { Short: string }) => i.Short === 'EA').Id;
});
afterAll(() => t.close());

describe('expense types (declared resource)', () => {
  it('lists every expense type sorted by name, with its UOM', async () => {
    const response = await t.call(admin, { method: 'GET', url: '/api/expense-types' });
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    const names = rows.map((r: { Short: string }) => r.Short);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const mileage = rows.find((r: { Short: string }) => r.Short === 'Mileage');
    expect(mileage).toMatchObject({ MultipleUnitsAllowed: true, Reimbursable: true, Hidden: false, UOM: { Short: 'MI', Description: 'Mile' } });
    expect(rows.some((r: { Hidden: boolean }) => r.Hidden)).toBe(true);
  });

  it('creates, updates and toggles hidden', async () => {
    const created = await t.call(admin, {
      method: 'POST',
      url: '/api/expense-types',
      payload: { Short: 'Notary Fee', Description: 'Notary Fee', UOMType_Id: uomEach, MultipleUnitsAllowed: false, Reimbursable: true },
    });
    expect(created.statusCode).toBe(200);
    const record = created.json();
    expect(record).toMatchObject({ Short: 'Notary Fee', Hidden: false, UOM: { Short: 'EA' } });

    const updated = await t.call(admin, {
      method: 'PUT',
      url: `/api/expense-types/${record.Id}`,
      payload: { Id: record.Id, Short: 'Notary Fees', Description: 'Notary Fees', UOMType_Id: uomEach, MultipleUnitsAllowed: true, Reimbursable: true },
    });
    expect(updated.json()).toMatchObject({ Id: record.Id, Short: 'Notary Fees', MultipleUnitsAllowed: true });

    const hidden = await t.call(admin, { method: 'DELETE', url: `/api/expense-types/${record.Id}` });
    expect(hidden.json().Hidden).toBe(true);
    const restored = await t.call(admin, { method: 'DELETE', url: `/api/expense-types/${record.Id}` });
    expect(restored.json().Hidden).toBe(false);
  });

  it('answers ModelState for missing and invalid fields, and stores nothing', async () => {
    const before = (await t.call(admin, { method: 'GET', url: '/api/expense-types' })).json().length;
    const missing = await t.call(admin, { method: 'POST', url: '/api/expense-types', payload: { Short: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState).toEqual({ Short: ['Name is required.'], UOMType_Id: ['UOM is required.'] });
    const wrongList = await t.call(admin, { method: 'POST', url: '/api/expense-types', payload: { Short: 'X', UOMType_Id: 1 } });
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().ModelState).toEqual({ UOMType_Id: ['UOM is not a valid choice.'] });
    expect((await t.call(admin, { method: 'GET', url: '/api/expense-types' })).json().length).toBe(before);
  });

  it('refuses a second expense type of the same name in any letter case, on create and on rename', async () => {
    const duplicate = await t.call(admin, { method: 'POST', url: '/api/expense-types', payload: { Short: 'MILEAGE', UOMType_Id: uomEach } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().ModelState).toEqual({ Short: ['An expense type with this name already exists.'] });
    const other = (await t.call(admin, { method: 'POST', url: '/api/expense-types', payload: { Short: 'Ferry Fare', UOMType_Id: uomEach } })).json();
    const rename = await t.call(admin, { method: 'PUT', url: `/api/expense-types/${other.Id}`, payload: { Id: other.Id, Short: 'mileage', UOMType_Id: uomEach } });
    expect(rename.json().ModelState).toEqual({ Short: ['An expense type with this name already exists.'] });
    // Its own name in another letter case is no clash.
    const recased = await t.call(admin, { method: 'PUT', url: `/api/expense-types/${other.Id}`, payload: { Id: other.Id, Short: 'FERRY FARE', UOMType_Id: uomEach } });
    expect(recased.json().Short).toBe('FERRY FARE');
  });

  it('gates each action by its permission: an investigator may not create (403), unknown ids are 404', async () => {
    const investigator = await t.signIn('investigator');
    expect((await t.call(investigator, { method: 'GET', url: '/api/expense-types' })).statusCode).toBe(403);
    const create = await t.call(investigator, { method: 'POST', url: '/api/expense-types', payload: { Short: 'Sneaky', UOMType_Id: uomEach } });
    expect(create.statusCode).toBe(403);
    expect((await t.call(admin, { method: 'PUT', url: '/api/expense-types/999999', payload: { Short: 'X', UOMType_Id: uomEach } })).statusCode).toBe(404);
    expect((await t.call(admin, { method: 'DELETE', url: '/api/expense-types/abc' })).statusCode).toBe(400);
  });
});
