import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permissions } from '../../shared/permissions.js';
import { resources } from '../../resources/index.js';
import { contracts } from '../../resources/contracts.js';
import type { NamedOperations } from '../../resources/operation.js';
import { permissionsFor, type Operations } from '../../resources/declaration.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('every registered route declares who may call it', () => {
    const routes = t.app.routeCatalogue.filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('every API route has a summary, a response schema, and a body schema when it takes a body', () => {
    const api = t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url.startsWith('/oauth/')));
    const problems: string[] = [];
    for (const r of api) {
      const schema = (r.schema ?? {}) as { summary?: string; response?: object; body?: object; consumes?: string[] };
      if (!schema.summary) problems.push(`${r.method} ${r.url}: no summary`);
      if (!schema.response) problems.push(`${r.method} ${r.url}: no response schema`);
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(r.method);
      if (takesBody && !('body' in schema) && !schema.consumes) problems.push(`${r.method} ${r.url}: no body schema`);
    }
    expect(problems).toEqual([]);
  });

  it("registers every declared resource's calls from its declaration, with the declared permission", () => {
    const action = { list: 'list', one: 'show', create: 'create', update: 'edit', delete: 'delete' } as const;
    const problems: string[] = [];
    for (const declaration of resources) {
      const built = declaration.store?.routes ?? (Object.keys(declaration.operations) as (keyof Operations)[]);
      for (const name of built) {
        const operation = declaration.operations[name];
        if (!operation) continue;
        const route = t.app.routeCatalogue.find((r) => r.method === operation.method && r.url === operation.path);
        const expected = operation.access === 'signedIn' ? 'signedIn' : { anyOf: operation.access ?? permissionsFor(declaration, action[name]) };
        if (!route) problems.push(`${declaration.name}.${name}: ${operation.method} ${operation.path} is not registered`);
        else if (JSON.stringify(route.access) !== JSON.stringify(expected)) problems.push(`${declaration.name}.${name}: access ${JSON.stringify(route.access)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("registers every named operation of every contract once, with the contract's access and schemas", () => {
    const problems: string[] = [];
    let count = 0;
    for (const [contract, operations] of Object.entries(contracts)) {
      for (const [name, operation] of Object.entries(operations as NamedOperations)) {
        count += 1;
        const routes = t.app.routeCatalogue.filter((r) => r.method === operation.method && r.url === operation.path);
        const where = `${contract}.${name}: ${operation.method} ${operation.path}`;
        if (routes.length !== 1) problems.push(`${where} is registered ${routes.length} times`);
        else if (JSON.stringify(routes[0].access) !== JSON.stringify(operation.access)) problems.push(`${where}: access ${JSON.stringify(routes[0].access)}`);
        else {
          const schema = (routes[0].schema ?? {}) as { summary?: string; body?: { $ref?: string }; querystring?: { $ref?: string } };
          if (schema.summary !== operation.summary) problems.push(`${where}: summary`);
          if (operation.body && operation.consumes !== 'multipart/form-data' && schema.body?.$ref !== operation.body) problems.push(`${where}: body ${JSON.stringify(schema.body)}`);
          if (operation.query && schema.querystring?.$ref !== operation.query) problems.push(`${where}: query ${JSON.stringify(schema.querystring)}`);
        }
      }
    }
    expect(count).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });

  it("lists every declaration's named operations among the contracts", () => {
    const listed = new Set<unknown>(Object.values(contracts));
    expect(resources.filter((declaration) => declaration.named && !listed.has(declaration.named)).map((declaration) => declaration.name)).toEqual([]);
  });

  it('unknown API paths answer 404 with a Message', async () => {
    const response = await t.call(null, { method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().Message).toBeTruthy();
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'PUT',
      url: '/api/security',
      payload: '{"AutoLogoutTime": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBeTruthy();
  });
});

describe('permission enforcement', () => {
  it('a client calling an admin route gets 403 with a Message, and nothing changes', async () => {
    const token = await t.signIn('client');
    const before = (await t.call(token, { method: 'GET', url: '/api/security' })).json();
    const response = await t.call(token, {
      method: 'PUT',
      url: '/api/security',
      payload: { AutoLogoutTime: 1, EnablePasswordExpiration: false, PasswordExpirationTime: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(typeof response.json().Message).toBe('string');
    const after = (await t.call(token, { method: 'GET', url: '/api/security' })).json();
    expect(after).toEqual(before);
  });

  it('System Administrator passes every permission check without holding the permission itself', async () => {
    const token = await t.signIn('sysadmin');
    const roles = (await t.call(token, { method: 'GET', url: '/api/user/permissions' })).json().roles;
    expect(roles).toContain(Permissions.General.SYSTEM_ADMINISTRATOR);
    expect(roles).not.toContain(Permissions.Admin.ADMIN_SECURITY);
    const response = await t.call(token, {
      method: 'PUT',
      url: '/api/security',
      payload: { AutoLogoutTime: 45, EnablePasswordExpiration: true, PasswordExpirationTime: 120 },
    });
    expect(response.statusCode).toBe(200);
    // A save without the second factor's groups keeps them (none in the demo).
    expect(response.json()).toEqual({ AutoLogoutTime: 45, EnablePasswordExpiration: true, PasswordExpirationTime: 120, SecondFactorGroupIds: [] });
  });
});

describe('security settings', () => {
  it('validates the settings body with ModelState', async () => {
    const token = await t.signIn('sysadmin');
    const response = await t.call(token, {
      method: 'PUT',
      url: '/api/security',
      payload: { AutoLogoutTime: 0, EnablePasswordExpiration: 'yes', PasswordExpirationTime: 99999 },
    });
    expect(response.statusCode).toBe(400);
    const state = response.json().ModelState;
    expect(state.AutoLogoutTime).toEqual(['Auto-logout (minutes) must be at least 1.']);
    expect(state.EnablePasswordExpiration).toEqual(['Enable password expiration must be a boolean.']);
    expect(state.PasswordExpirationTime).toEqual(['Password expiry (days) must be at most 3650.']);
  });

  it('is readable by any signed-in user (the session guard needs the auto-logout time)', async () => {
    const token = await t.signIn('investigator');
    const response = await t.call(token, { method: 'GET', url: '/api/security' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('EnablePasswordExpiration');
  });

  it('records who changed the settings', async () => {
    const token = await t.signIn('sysadmin');
    await t.call(token, { method: 'PUT', url: '/api/security', payload: { AutoLogoutTime: 20, EnablePasswordExpiration: true, PasswordExpirationTime: null } });
    const entry = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.Id', 'audit_log.User_Id')
      .select(['users.UserName', 'audit_log.Action'])
      .where('Entity', '=', 'security_settings')
      .orderBy('audit_log.Id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ UserName: 'sysadmin', Action: 'update' });
  });
});

describe('lookups and orgs', () => {
  it('GET /api/types answers every list with its items', async () => {
    const token = await t.signIn('investigator');
    const lists = (await t.call(token, { method: 'GET', url: '/api/types' })).json();
    const regions = lists.find((l: { TableName: string }) => l.TableName === 'RegionType');
    expect(regions.Types.length).toBe(52);
    expect(regions.Types[0]).toMatchObject({ Short: 'AK', Description: 'Alaska', Hidden: false });
  });

  it('GET /api/orgs shows staff the whole tree and a client only its own subtree', async () => {
    const staff = (await t.call(await t.signIn('manager'), { method: 'GET', url: '/api/orgs?includeHidden=true' })).json();
    expect(staff.map((o: { Code: string }) => o.Code)).toEqual(expect.arrayContaining(['DI', 'DOC', 'DOC-ATL', 'ACME', 'INACTIVE']));
    const visible = (await t.call(await t.signIn('manager'), { method: 'GET', url: '/api/orgs' })).json();
    expect(visible.some((o: { Hidden: boolean }) => o.Hidden)).toBe(false);
    const client = (await t.call(await t.signIn('client'), { method: 'GET', url: '/api/orgs?includeHidden=true' })).json();
    expect(client.map((o: { Code: string }) => o.Code).sort()).toEqual(['DOC', 'DOC-ATL']);
  });
});

describe('API documentation', () => {
  it('docs/api.md lists every route as registered (run `npm run docs:api` after changing routes)', async () => {
    const { readFile } = await import('node:fs/promises');
    const { renderApiDocs } = await import('../../server/docs/apiDocs.js');
    const current = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
    expect(current).toBe(renderApiDocs(t.app.routeCatalogue));
  });
});
