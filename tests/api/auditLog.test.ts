import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Limits } from '../../shared/constants.js';
import { Permissions } from '../../shared/permissions.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { linkIn, mailsSince, outboxMark } from '../support/outbox.js';

/**
 * The audit trail (issue 21 §3): every entry says who, what, when, from where and in which request; the database
 * refuses to change it; administrators read it (filters, paging, CSV) and nobody else does; the events a firm asks
 * "who did this" about are all in it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: true } });
  for (const name of ['sysadmin', 'caseadmin', 'manager']) tokens[name] = await t.signIn(name);
});
afterAll(() => t.close());

const newest = (action: string, entity?: string) => {
  let query = db().selectFrom('audit_log').selectAll().where('Action', '=', action);
  if (entity) query = query.where('Entity', '=', entity);
  return query.orderBy('Id', 'desc').executeTakeFirst();
};
const search = (who: string, body: Json) => t.call(tokens[who], { method: 'POST', url: '/api/audit-log', payload: { page: 0, pageSize: 25, sorted: [], filtered: [], additional: {}, ...body } });
const signInFrom = (userName: string, password: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Audit test browser' },
    payload: new URLSearchParams({ username: userName, password, grant_type: 'password' }).toString(),
  });

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const { Id } = await db().selectFrom('audit_log').select('Id').orderBy('Id').limit(1).executeTakeFirstOrThrow();
    await expect(sql`UPDATE audit_log SET "Action" = 'nothing' WHERE "Id" = ${Id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE "Id" = ${Id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db())).rejects.toThrow(/append-only/);
    expect(await db().selectFrom('audit_log').select('Action').where('Id', '=', Id).executeTakeFirst()).toBeTruthy();
  });

  it('is written by the audit module alone', async () => {
    const root = path.resolve('server');
    const writers: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(file);
        else if (file.endsWith('.ts') && /audit_log/.test(await readFile(file, 'utf8'))) writers.push(path.relative(root, file));
      }
    };
    await walk(root);
    // The writer, the reader (the screen's store), the table's type and its migrations.
    expect(writers.sort()).toEqual(['audit/auditLog.ts', 'audit/auditLogStore.ts', 'db/migrations/001_foundation.ts', 'db/migrations/019_audit_trail.ts', 'db/migrations/020_sealed_ssn.ts', 'db/schema/audit.ts']);
    const store = await readFile(path.join(root, 'audit/auditLogStore.ts'), 'utf8');
    expect(store).not.toMatch(/insertInto\(|updateTable\(|deleteFrom\(/);
  });
});

describe('what an entry records', () => {
  it('who, what, when, the client address behind a trusted proxy, the user agent and the request id of the server log', async () => {
    const answer = await t.call(tokens.caseadmin, {
      method: 'PUT',
      url: '/api/security',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Settings test', 'x-request-id': 'lb-4f2a' },
      payload: { AutoLogoutTime: 30, EnablePasswordExpiration: false, PasswordExpirationTime: null },
    });
    expect(answer.statusCode).toBe(403);
    const saved = await t.call(tokens.sysadmin, {
      method: 'PUT',
      url: '/api/security',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.77', 'user-agent': 'Settings test', 'x-request-id': 'lb-4f2a' },
      payload: { AutoLogoutTime: 45, EnablePasswordExpiration: false, PasswordExpirationTime: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['x-request-id']).toBe('lb-4f2a');
    const entry = await newest('update', 'security_settings');
    expect(entry).toMatchObject({
      UserName: 'sysadmin',
      Entity_Id: 'security',
      Fields: expect.arrayContaining(['AutoLogoutTime']),
      ClientAddress: '203.0.113.77',
      UserAgent: 'Settings test',
      RequestId: 'lb-4f2a',
    });
    expect(Date.now() - new Date(entry!.CreatedDate).getTime()).toBeLessThan(60_000);
  });

  it('gives each request an id of its own when no trusted proxy names one', async () => {
    const a = await t.call(tokens.sysadmin, { method: 'GET', url: '/api/user/permissions' });
    const b = await t.call(tokens.sysadmin, { method: 'GET', url: '/api/user/permissions' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
  });

  it('names changed fields, never their values', async () => {
    await t.call(tokens.sysadmin, { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: 47, EnablePasswordExpiration: false, PasswordExpirationTime: null } });
    const entry = await newest('update', 'security_settings');
    expect(entry!.Fields).toEqual(['AutoLogoutTime']);
    expect(Object.keys(entry!).sort()).toEqual(['Action', 'ClientAddress', 'CreatedDate', 'Entity', 'Entity_Id', 'Fields', 'Id', 'RequestId', 'UserAgent', 'UserName', 'User_Id']);
    // 47 as a JSON value anywhere in the entry (a timestamp's ":47:" minutes are not one)
    expect(JSON.stringify(entry)).not.toMatch(/[:,[]47[,\]}]/);
  });
});

describe('the events an administrator asks about', () => {
  it('sign-ins, failed sign-ins (a username nobody has is not kept), lockouts and sign-outs', async () => {
    const ok = await signInFrom('manager', 'demo-pass-2026', '198.51.100.7');
    expect(ok.statusCode).toBe(200);
    expect(await newest('sign-in')).toMatchObject({ UserName: 'manager', ClientAddress: '198.51.100.7', UserAgent: 'Audit test browser' });

    await signInFrom('manager', 'wrong-password', '198.51.100.8');
    expect(await newest('sign-in-failed')).toMatchObject({ UserName: 'manager', Entity: 'users', ClientAddress: '198.51.100.8' });
    await signInFrom('my-Secret-passw0rd', 'anything', '198.51.100.9');
    const unknown = await newest('sign-in-failed');
    expect(unknown).toMatchObject({ UserName: null, User_Id: null, Entity_Id: '', ClientAddress: '198.51.100.9' });
    expect(JSON.stringify(unknown)).not.toContain('my-Secret');

    for (let i = 0; i < Limits.MAX_FAILED_SIGN_INS; i++) await signInFrom('investigator', 'wrong-password', '198.51.100.10');
    expect(await newest('lockout')).toMatchObject({ UserName: 'investigator' });
    await signInFrom('investigator', 'demo-pass-2026', '198.51.100.10');
    expect(await newest('sign-in-locked')).toMatchObject({ UserName: 'investigator' });

    const token = ok.json().access_token as string;
    expect((await t.call(token, { method: 'POST', url: '/api/user/logout', payload: {} })).statusCode).toBe(204);
    expect(await newest('sign-out')).toMatchObject({ UserName: 'manager' });
  });

  it('password resets by e-mailed link, under the account reset', async () => {
    const mark = await outboxMark(t.dataDir);
    await t.call(null, { method: 'POST', url: '/api/user/forgot-password', payload: { Username: 'contractor' }, remoteAddress: '198.51.100.20' });
    const [mail] = await mailsSince(t.dataDir, mark);
    const code = linkIn(mail, 'http://dossier.test/reset-password').searchParams.get('code')!;
    const password = 'Lantern-over-the-bay-7';
    const reset = await t.call(null, { method: 'POST', url: '/api/user/reset-password', payload: { Username: 'contractor', Password: password, ConfirmPassword: password, Code: code }, remoteAddress: '198.51.100.20' });
    expect(reset.statusCode, reset.body).toBe(200);
    const entry = await newest('reset-password');
    expect(entry).toMatchObject({ UserName: 'contractor', Fields: ['Password'], ClientAddress: '198.51.100.20' });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('permission and group changes, report and report-of-investigation downloads', async () => {
    const group = (await t.call(tokens.sysadmin, { method: 'POST', url: '/api/identity/groups', payload: { Name: 'Auditors', Description: 'Read the log' } })).json() as Json;
    expect(await newest('create', 'groups')).toMatchObject({ Entity_Id: String(group.Id), UserName: 'sysadmin' });
    const granted = await t.call(tokens.sysadmin, { method: 'POST', url: `/api/identity/groups/${String(group.Id)}/roles`, payload: { Name: Permissions.Admin.VIEW_AUDIT_LOG } });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await newest('add-role', 'groups')).toMatchObject({ Entity_Id: String(group.Id), Fields: ['Roles'] });

    const open = reportCatalogue.find((r) => r.name === 'Open cases by org')!;
    const Parameters = open.parameters.map((p) => ({ Name: p.name, Value: p.type === 'Boolean' ? true : null }));
    tokens.manager = await t.signIn('manager');
    const report = await t.call(tokens.manager, { method: 'POST', url: `/api/reports/Cases/${encodeURIComponent(open.name)}`, payload: { Group: open.group, Name: open.name, Format: 'csv', Parameters } });
    expect(report.statusCode, report.body).toBe(200);
    expect(await newest('download-csv', 'reports')).toMatchObject({ UserName: 'manager', Entity_Id: 'Cases/Open cases by org' });

    const complete = await db().selectFrom('cases').select('Id').where('WorkflowState', '=', 'COMPLETE').limit(1).executeTakeFirstOrThrow();
    const roi = await t.call(tokens.caseadmin, { method: 'GET', url: `/api/cases/${complete.Id}/report` });
    expect(roi.statusCode).toBe(200);
    expect(await newest('download-report', 'cases')).toMatchObject({ UserName: 'caseadmin', Entity_Id: String(complete.Id) });
  });
});

describe('the Audit log screen\'s calls', () => {
  it('are for holders of View Audit Log only', async () => {
    expect((await search('caseadmin', {})).statusCode).toBe(403);
    expect((await t.call(tokens.caseadmin, { method: 'GET', url: '/api/audit-log/export' })).statusCode).toBe(403);
    expect((await t.call(tokens.caseadmin, { method: 'GET', url: '/api/audit-log/choices' })).statusCode).toBe(403);
    expect((await search('sysadmin', {})).statusCode).toBe(200);
  });

  it('lists newest first, a page at a time, with a count', async () => {
    const first = (await search('sysadmin', { pageSize: 3 })).json() as { entries: Json[]; total: number; totalIsExact: boolean; pageCount: number };
    expect(first.entries).toHaveLength(3);
    const ids = first.entries.map((e) => e.Id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const all = await db().selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ total: Number(all.n), totalIsExact: true, pageCount: Math.ceil(Number(all.n) / 3) });
    const second = (await search('sysadmin', { pageSize: 3, page: 1 })).json() as { entries: Json[] };
    expect(second.entries[0].Id as number).toBeLessThan(ids[2]);
    const oldest = (await search('sysadmin', { pageSize: 3, sorted: [{ id: 'CreatedDate', desc: false }] })).json() as { entries: Json[] };
    expect(oldest.entries[0].Id as number).toBeLessThan(oldest.entries[1].Id as number);
  });

  it('filters by user (how the name starts), action, entity, record id and a date range', async () => {
    const byUser = (await search('sysadmin', { filtered: [{ id: 'UserName', value: 'MANA' }] })).json() as { entries: Json[] };
    expect(byUser.entries.length).toBeGreaterThan(0);
    expect(new Set(byUser.entries.map((e) => e.UserName))).toEqual(new Set(['manager']));

    const byAction = (await search('sysadmin', { filtered: [{ id: 'Action', value: 'sign-in' }] })).json() as { entries: Json[] };
    expect(byAction.entries.every((e) => e.Action === 'sign-in')).toBe(true);

    const group = await db().selectFrom('groups').select('Id').where('Name', '=', 'Auditors').executeTakeFirstOrThrow();
    const byRecord = (await search('sysadmin', { filtered: [{ id: 'Entity', value: 'groups' }, { id: 'Entity_Id', value: String(group.Id) }] })).json() as { entries: Json[] };
    expect(byRecord.entries.map((e) => e.Action)).toEqual(['add-role', 'create']);

    const now = Date.now();
    const inRange = (await search('sysadmin', { additional: { From: new Date(now - 3_600_000).toISOString(), To: new Date(now + 60_000).toISOString() } })).json() as { total: number };
    const before = (await search('sysadmin', { additional: { To: new Date(now - 3_600_000).toISOString() } })).json() as { total: number };
    const all = (await search('sysadmin', {})).json() as { total: number };
    expect(inRange.total).toBeGreaterThan(0);
    expect(inRange.total + before.total).toBe(all.total);

    const refused = await search('sysadmin', { filtered: [{ id: 'Changes', value: 'x' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ModelState).toBeTruthy();
  });

  it('links an entry to its record when the record has a page and still exists', async () => {
    const theCase = await db().selectFrom('cases').select('Id').limit(1).executeTakeFirstOrThrow();
    await t.call(tokens.caseadmin, { method: 'GET', url: `/api/cases/${theCase.Id}/subject/ssn` });
    const item = await db().selectFrom('items').select(['Id', 'Case_Id']).limit(1).executeTakeFirstOrThrow();
    await t.call(tokens.caseadmin, { method: 'PUT', url: `/api/cases/${item.Case_Id}/items/swap`, payload: { SwapFromItem_Id: item.Id, SwapToItem_Id: item.Id } });
    const cases = (await search('sysadmin', { filtered: [{ id: 'Action', value: 'reveal-ssn' }] })).json() as { entries: Json[] };
    expect(cases.entries[0]).toMatchObject({ Entity: 'cases', Entity_Id: String(theCase.Id), Link: `/cases/${theCase.Id}` });
    const items = (await search('sysadmin', { filtered: [{ id: 'Entity', value: 'items' }, { id: 'Entity_Id', value: String(item.Id) }] })).json() as { entries: Json[] };
    expect(items.entries[0]).toMatchObject({ Action: 'swap', Link: `/cases/${item.Case_Id}/items/${item.Id}` });
    const groups = (await search('sysadmin', { filtered: [{ id: 'Entity', value: 'groups' }] })).json() as { entries: Json[] };
    expect(groups.entries[0].Link).toBeNull();
  });

  it('offers the actions and entities the log holds', async () => {
    const choices = (await t.call(tokens.sysadmin, { method: 'GET', url: '/api/audit-log/choices' })).json() as { Actions: string[]; Entities: string[] };
    expect(choices.Actions).toEqual(expect.arrayContaining(['sign-in', 'sign-in-failed', 'lockout', 'reveal-ssn', 'add-role']));
    expect(choices.Actions).toEqual([...choices.Actions].sort());
    expect(choices.Entities).toEqual(expect.arrayContaining(['cases', 'groups', 'users', 'security_settings']));
  });

  it('exports the filtered log as CSV, newest first, and records the export', async () => {
    const csv = await t.call(tokens.sysadmin, { method: 'GET', url: '/api/audit-log/export?UserName=manager' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="?audit-log-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('When (UTC),User,User Id,Action,Entity,Id,Fields,Address,User agent,Request');
    const managerEntries = await db().selectFrom('audit_log').select('Id').where('UserName', '=', 'manager').execute();
    expect(lines).toHaveLength(managerEntries.length + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'manager')).toBe(true);
    const stamps = lines.slice(1).map((line) => line.split(',')[0]);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(await newest('export', 'audit_log')).toMatchObject({ UserName: 'sysadmin', Fields: ['UserName'] });
  });

  it('streams an export longer than one batch whole', async () => {
    const rows = Array.from({ length: Limits.AUDIT_EXPORT_BATCH + 5 }, (_, i) => ({ Entity: 'bulk', Entity_Id: String(i), Action: '=cmd|calc', UserName: 'bulk-writer' }));
    await db().insertInto('audit_log').values(rows).execute();
    const csv = await t.call(tokens.sysadmin, { method: 'GET', url: '/api/audit-log/export?Entity=bulk' });
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[5])).size).toBe(rows.length);
    // A value a spreadsheet would run as a formula is exported as text.
    expect(lines[1].split(',')[3]).toBe("'=cmd|calc");
  });
});
