import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testApp.js';
import { vehicleMakes, vehicleMakesMigration } from '../support/declaredResource/vehicleMakes.js';
import { defineResource } from '../../resources/declaration.js';

/** The same table as a server-paged list: one page a call, sorted and filtered by the database. */
const vehicleMakePages = defineResource({
  ...vehicleMakes,
  name: 'vehicle-make-pages',
  route: undefined,
  operations: { list: { method: 'POST', path: '/api/vehicle-make-pages', body: 'tableQuery', answer: { records: 'Makes', pageCount: 'pageCount', total: 'total' } } },
  paging: 'server',
  list: {
    ...vehicleMakes.list,
    sortable: ['Name', 'Country'],
    filters: [
      { source: 'Name', match: 'contains' },
      { source: 'Domestic', match: 'equals' },
    ],
  },
});

/**
 * Adding a resource by declaration: a schema, a declaration and a migration (tests/support/declaredResource),
 * and nothing else, give an entity its list, read, create, update and hide routes — validated by its schema,
 * refused without its permissions, unique where it says, audited.
 */
let t: TestApp;
let admin: string;
let investigator: string;

beforeAll(async () => {
  t = await startTestApp({ resources: [vehicleMakes, vehicleMakePages], migrations: [vehicleMakesMigration] });
  admin = await t.signIn('sysadmin');
  investigator = await t.signIn('investigator');
});
afterAll(() => t.close());

describe('a resource added by declaration', () => {
  it('gets its routes in the route catalogue, each with its declared permission', () => {
    const routes = t.app.routeCatalogue.filter((r) => r.url.startsWith('/api/vehicle-makes') && r.method !== 'HEAD');
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/vehicle-makes/:id',
      'GET /api/vehicle-makes',
      'GET /api/vehicle-makes/:id',
      'POST /api/vehicle-makes',
      'PUT /api/vehicle-makes/:id',
    ]);
    for (const route of routes) expect(route.access).toHaveProperty('anyOf');
  });

  it('creates, lists, reads, updates and hides records, recording each change in the audit log', async () => {
    const created = await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name: 'Studebaker', Country: 'USA', Domestic: true } });
    expect(created.statusCode).toBe(200);
    const make = created.json();
    expect(make).toMatchObject({ Name: 'Studebaker', Country: 'USA', Domestic: true, Hidden: false });

    await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name: 'Alfa Romeo', Country: 'Italy' } });
    const list = (await t.call(admin, { method: 'GET', url: '/api/vehicle-makes' })).json();
    expect(list.map((r: { Name: string }) => r.Name)).toEqual(['Alfa Romeo', 'Studebaker']);
    expect(list[0].Domestic).toBe(false);

    const updated = await t.call(admin, { method: 'PUT', url: `/api/vehicle-makes/${make.Id}`, payload: { Id: make.Id, Name: 'Studebaker-Packard', Country: 'USA', Domestic: true } });
    expect(updated.json()).toMatchObject({ Id: make.Id, Name: 'Studebaker-Packard' });
    expect((await t.call(admin, { method: 'GET', url: `/api/vehicle-makes/${make.Id}` })).json().Name).toBe('Studebaker-Packard');

    const hidden = await t.call(admin, { method: 'DELETE', url: `/api/vehicle-makes/${make.Id}` });
    expect(hidden.json().Hidden).toBe(true);
    const restored = await t.call(admin, { method: 'DELETE', url: `/api/vehicle-makes/${make.Id}` });
    expect(restored.json().Hidden).toBe(false);

    const audit = await t.database.db.selectFrom('audit_log').select(['Action']).where('Entity', '=', 'vehicle_makes').where('Entity_Id', '=', String(make.Id)).orderBy('Id').execute();
    expect(audit.map((a) => a.Action)).toEqual(['create', 'update', 'hide', 'restore']);
  });

  it('answers 400 with ModelState from its schema and its unique fields, and stores nothing', async () => {
    const missing = await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Country: 'France' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState).toEqual({ Name: ['Name is required.'] });

    const tooLong = await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name: 'x'.repeat(61) } });
    expect(tooLong.json().ModelState).toEqual({ Name: ['Name must be at most 60 characters.'] });

    await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name: 'Citroën' } });
    const duplicate = await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name: 'CITROËN ' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().ModelState).toEqual({ Name: ['A vehicle make with this name already exists.'] });
    const names = (await t.call(admin, { method: 'GET', url: '/api/vehicle-makes' })).json().map((r: { Name: string }) => r.Name);
    expect(names.filter((n: string) => n.toLowerCase().startsWith('citro'))).toEqual(['Citroën']);
  });

  it('refuses every call to a user without its permissions, and answers 401 without a session', async () => {
    const make = (await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name: 'Packard' } })).json();
    for (const [method, url, payload] of [
      ['GET', '/api/vehicle-makes', undefined],
      ['GET', `/api/vehicle-makes/${make.Id}`, undefined],
      ['POST', '/api/vehicle-makes', { Name: 'Nash' }],
      ['PUT', `/api/vehicle-makes/${make.Id}`, { Name: 'Nash' }],
      ['DELETE', `/api/vehicle-makes/${make.Id}`, undefined],
    ] as const) {
      expect((await t.call(investigator, { method, url, payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.call(null, { method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await t.call(admin, { method: 'GET', url: `/api/vehicle-makes/${make.Id}` })).json().Name).toBe('Packard');
  });
});

describe('a server-paged resource added by declaration', () => {
  const search = (payload: object, token = admin) => t.call(token, { method: 'POST', url: '/api/vehicle-make-pages', payload });

  it('answers one page, sorted and filtered by the declared columns, with the page count and total', async () => {
    for (const [Name, Domestic] of [['Hudson', true], ['Hupmobile', true], ['Humber', false], ['Holden', false], ['DeSoto', true]] as const) {
      expect((await t.call(admin, { method: 'POST', url: '/api/vehicle-makes', payload: { Name, Domestic } })).statusCode).toBe(200);
    }
    const first = await search({ page: 0, pageSize: 2, sorted: [{ id: 'Name', desc: true }], filtered: [{ id: 'Name', value: 'hu' }], additional: {} });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ pageCount: 2, total: 3, totalIsExact: true });
    expect(first.json().Makes.map((m: { Name: string }) => m.Name)).toEqual(['Hupmobile', 'Humber']);
    const second = await search({ page: 1, pageSize: 2, sorted: [{ id: 'Name', desc: true }], filtered: [{ id: 'Name', value: 'hu' }], additional: {} });
    expect(second.json().Makes.map((m: { Name: string }) => m.Name)).toEqual(['Hudson']);

    const domestic = await search({ page: 0, pageSize: 10, sorted: [{ id: 'Name' }], filtered: [{ id: 'Name', value: 'h' }, { id: 'Domestic', value: 'true' }], additional: {} });
    expect(domestic.json().Makes.map((m: { Name: string }) => m.Name)).toEqual(['Hudson', 'Hupmobile']);

    // A percent sign typed in the filter matches itself, not everything.
    const literal = await search({ page: 0, pageSize: 10, sorted: [], filtered: [{ id: 'Name', value: '%' }], additional: {} });
    expect(literal.json().total).toBe(0);
  });

  it('refuses a sort or filter the declaration does not offer, and a page size over the limit, with 400 ModelState', async () => {
    const badSort = await search({ page: 0, pageSize: 10, sorted: [{ id: 'Domestic' }], filtered: [], additional: {} });
    expect(badSort.statusCode).toBe(400);
    expect(Object.keys(badSort.json().ModelState)).toEqual(['sorted[0].id']);
    const badFilter = await search({ page: 0, pageSize: 10, sorted: [], filtered: [{ id: 'Country', value: 'USA' }], additional: {} });
    expect(Object.keys(badFilter.json().ModelState)).toEqual(['filtered[0].id']);
    const tooBig = await search({ page: 0, pageSize: 1000, sorted: [], filtered: [], additional: {} });
    expect(Object.keys(tooBig.json().ModelState)).toEqual(['pageSize']);
    expect((await search({ page: 0, pageSize: 10, sorted: [], filtered: [] }, investigator)).statusCode).toBe(403);
  });
});
