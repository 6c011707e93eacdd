import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../dataProvider/dataProvider.js';
import { resourceDataProvider, tableQueryOf } from '../../dataProvider/resourceAdapter.js';
import { defineResource, type ResourceDeclaration } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import type { ObjectSchema } from '../../schemas/index.js';
import { readState } from '../../dataProvider/session.js';
import { fakeServer, signedInAs } from './support/fakeServer.js';

const ITEMS = [
  { Id: 7, Short: 'TEACHER', Description: 'Teacher', Hidden: false },
  { Id: 8, Short: 'NEIGHBOR', Description: null, Hidden: true },
];
const LISTS = [
  { TableName: 'SourceType', FormattedTableName: 'Source Type', IsDynamic: true, Types: ITEMS },
  { TableName: 'RegionType', FormattedTableName: 'Region Type', IsDynamic: false, Types: [] },
];
const page = { pagination: { page: 1, perPage: 10 }, sort: { field: 'Short', order: 'ASC' as const } };

function server() {
  return fakeServer(({ method, url, body }) => {
    if (method === 'GET' && url === '/api/types') return { body: LISTS };
    if (method === 'GET' && url === '/api/types/SourceType') return { body: LISTS[0] };
    if (method === 'POST' && url === '/api/types/SourceType/items') return { body: { Id: 9, Hidden: false, ...(body as object) } };
    if (method === 'PATCH' && url === '/api/types/SourceType/items/7') return { body: { ...ITEMS[0], ...(body as object) } };
    if (method === 'DELETE' && url === '/api/types/SourceType/items/7') return { body: { ...ITEMS[0], Hidden: true } };
    if (method === 'POST' && url === '/api/expense-types') return { body: { Id: 3, Hidden: false, ...(body as object) } };
    if (method === 'PUT' && url === '/api/expense-types/3') return { body: { Id: 3, Hidden: false, ...(body as object) } };
    if (method === 'GET' && url === '/api/security') return { body: { AutoLogoutTime: 20, EnablePasswordExpiration: true, PasswordExpirationTime: null } };
    if (method === 'PUT' && url === '/api/security') return { body };
    if (method === 'GET' && url === '/api/identity/roles') return { body: [{ Id: 1, Name: 'View Cases' }, { Id: 2, Name: 'Admin Security' }] };
    return undefined;
  });
}

describe('the data provider of declared resources', () => {
  it('reads a browser-paged list with GET, keys records by the declared key, and filters, sorts and pages in memory', async () => {
    const { calls } = server();
    signedInAs([]);
    const all = await dataProvider.getList('lists', { ...page, sort: { field: 'FormattedTableName', order: 'DESC' }, filter: {} });
    expect(calls).toEqual([{ method: 'GET', url: '/api/types', body: undefined }]);
    expect(all.total).toBe(2);
    expect(all.data.map((r) => r.id)).toEqual(['SourceType', 'RegionType']);
    // The rename form edits TypeName, which the API answers as FormattedTableName (the afterRead callback).
    expect(all.data[0].TypeName).toBe('Source Type');
    const statics = await dataProvider.getList('lists', { ...page, filter: { IsDynamic: 'false' } });
    expect(statics.data.map((r) => r.id)).toEqual(['RegionType']);
  });

  it("reads a sub-resource through its parent's path, from the answer's records field, with the parent key on each", async () => {
    const { calls } = server();
    signedInAs([]);
    const enabled = await dataProvider.getManyReference('list-items', { target: 'TableName', id: 'SourceType', filter: { Hidden: 'false' }, ...page });
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/api/types/SourceType' });
    expect(enabled.data).toEqual([{ ...ITEMS[0], TableName: 'SourceType', id: 7 }]);
    expect(enabled.total).toBe(1);
  });

  it("writes a sub-resource at its parent's path and sends only the form's fields", async () => {
    const { calls } = server();
    signedInAs([]);
    const created = await dataProvider.create('list-items', { data: { TableName: 'SourceType', Short: 'COACH', Description: null, Hidden: false } });
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/types/SourceType/items', body: { Short: 'COACH', Description: null } });
    expect(created.data).toMatchObject({ id: 9, Short: 'COACH', TableName: 'SourceType' });

    const previous = { ...ITEMS[0], TableName: 'SourceType', id: 7 };
    await dataProvider.update('list-items', { id: 7, data: { ...previous, Short: 'TUTOR' }, previousData: previous });
    expect(calls.at(-1)).toEqual({ method: 'PATCH', url: '/api/types/SourceType/items/7', body: { Short: 'TUTOR', Description: 'Teacher' } });

    const toggled = await dataProvider.delete('list-items', { id: 7, previousData: previous });
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/types/SourceType/items/7' });
    expect(toggled.data).toMatchObject({ id: 7, Hidden: true });
  });

  it('applies the declared API quirks: an expense type sends Description = Short, and its update repeats the Id', async () => {
    const { calls } = server();
    signedInAs([]);
    await dataProvider.create('expense-types', { data: { Short: 'Tolls', UOMType_Id: 11, MultipleUnitsAllowed: false, Reimbursable: true, UOM: null } });
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: '/api/expense-types',
      body: { Short: 'Tolls', Description: 'Tolls', UOMType_Id: 11, MultipleUnitsAllowed: false, Reimbursable: true },
    });
    await dataProvider.update('expense-types', { id: 3, data: { Id: 3, Short: 'Toll Fees', UOMType_Id: 11, Hidden: false }, previousData: { id: 3, Id: 3 } });
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/expense-types/3', body: { Id: 3, Short: 'Toll Fees', Description: 'Toll Fees', UOMType_Id: 11 } });
  });

  it('reads and saves a singleton without an id, and keeps the session auto-logout in step', async () => {
    const { calls } = server();
    signedInAs([]);
    const { data } = await dataProvider.getOne('security', { id: 'security' });
    expect(data).toMatchObject({ id: 'security', AutoLogoutTime: 20 });
    await dataProvider.update('security', { id: 'security', data: { ...data, AutoLogoutTime: 45 }, previousData: data });
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/security', body: { AutoLogoutTime: 45, EnablePasswordExpiration: true, PasswordExpirationTime: null } });
    expect(readState().account.autoLogoutMinutes).toBe(45);
  });

  it('derives read-only fields from shared knowledge: a role carries its catalogue category', async () => {
    server();
    signedInAs([]);
    const { data } = await dataProvider.getList('roles', { ...page, sort: { field: 'Name', order: 'ASC' }, filter: { q: 'admin' } });
    expect(data).toEqual([{ Id: 2, Name: 'Admin Security', Category: 'Admin', id: 2 }]);
  });

  it('turns failures into errors carrying the status and the ModelState', async () => {
    fakeServer(() => ({ status: 400, body: { Message: 'The request is invalid.', ModelState: { Short: ['An item with this Short already exists in this list.'] } } }));
    signedInAs([]);
    await expect(dataProvider.create('list-items', { data: { TableName: 'SourceType', Short: 'TEACHER' } })).rejects.toMatchObject({
      status: 400,
      body: { ModelState: { Short: ['An item with this Short already exists in this list.'] } },
    });
  });
});

describe('server-paged resources', () => {
  const schema: ObjectSchema = { type: 'object', properties: { Id: { type: 'integer' }, Name: { type: 'string' } } };
  const people: ResourceDeclaration = defineResource({
    ...(resourceByName('roles') as ResourceDeclaration),
    name: 'people',
    schema,
    paging: 'server',
    callbacks: undefined,
    operations: { list: { method: 'POST', path: '/api/people', body: 'tableQuery', answer: { records: 'People', pageCount: 'pageCount' } } },
    list: {
      filters: [{ source: 'Name', match: 'contains' }],
      pageSize: 20,
      sort: { field: 'Name', order: 'ASC' },
    },
  });
  const provider = resourceDataProvider(() => people);

  it('send { page (0-based), pageSize, sorted, filtered, additional } and read the page count as "more pages follow"', async () => {
    const { calls } = fakeServer(() => ({ body: { People: [{ Id: 4, Name: 'Avery' }], pageCount: 3 } }));
    signedInAs([]);
    const result = await provider.getList('people', { pagination: { page: 2, perPage: 20 }, sort: { field: 'Name', order: 'DESC' }, filter: { Name: 'av', OrgIds: [1, 2], Empty: '' } });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/people',
        body: { page: 1, pageSize: 20, sorted: [{ id: 'Name', desc: true }], filtered: [{ id: 'Name', value: 'av' }], additional: { OrgIds: [1, 2] } },
      },
    ]);
    expect(result.data).toEqual([{ Id: 4, Name: 'Avery', id: 4 }]);
    expect(result.total).toBeUndefined();
    expect(result.pageInfo).toEqual({ hasPreviousPage: true, hasNextPage: true });
  });

  it('clamp nothing themselves: the query says what the screen asked', () => {
    expect(tableQueryOf(people, { pagination: { page: 1, perPage: 20 }, sort: { field: '', order: 'ASC' }, filter: {} })).toEqual({
      page: 0,
      pageSize: 20,
      sorted: [],
      filtered: [],
      additional: {},
    });
  });
});

describe('the cases calls of the data provider', () => {
  it('searches cases on the server: the table query to POST /api/cases/search, the page read from cases, total and pageCount', async () => {
    const { calls } = fakeServer(({ method, url }) =>
      method === 'POST' && url === '/api/cases/search'
        ? { body: { cases: [{ Id: 5, CaseNumber: 'DOS-2026-000105', WorkflowState: 'IN_PROCESS' }], pageCount: 3, total: 41, totalIsExact: true, page: 1 } }
        : undefined,
    );
    signedInAs(['View Cases']);
    const found = await dataProvider.getList('cases', { pagination: { page: 2, perPage: 20 }, sort: { field: 'CaseNumber', order: 'DESC' }, filter: {} });
    expect(found.total).toBe(41);
    expect(found.data).toEqual([{ Id: 5, CaseNumber: 'DOS-2026-000105', WorkflowState: 'IN_PROCESS', id: 5 }]);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/cases/search', body: { page: 1, pageSize: 20, sorted: [{ id: 'CaseNumber', desc: true }] } });
  });

  it('takes workflow steps with PUT and answers the new state', async () => {
    const { calls } = fakeServer(({ method, url }) =>
      method === 'PUT' && url === '/api/cases/5/start-data-entry'
        ? { body: { WorkflowState: 'DATA_ENTRY_IN_PROCESS', CaseStatusType: 'NORMAL', DueDate: null, CompletionDate: null, LockedTo_Id: 2 } }
        : undefined,
    );
    signedInAs(['Mark Data Entry Complete']);
    const answer = await dataProvider.callOperation('cases', 'startDataEntry', 5);
    expect(answer.WorkflowState).toBe('DATA_ENTRY_IN_PROCESS');
    expect(calls).toEqual([{ method: 'PUT', url: '/api/cases/5/start-data-entry', body: {} }]);
  });

  it('refuses a step from a wrong state with the server\'s message', async () => {
    fakeServer(({ url }) => (url === '/api/cases/5/resume' ? { status: 409, body: { Message: 'A case that is In Process cannot be resumed.' } } : undefined));
    signedInAs(['Resume A Case']);
    await expect(dataProvider.callOperation('cases', 'resume', 5)).rejects.toMatchObject({ status: 409, body: { Message: 'A case that is In Process cannot be resumed.' } });
  });
});
