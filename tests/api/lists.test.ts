import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/testApp.js';

interface Item {
  Id: number;
  Short: string;
  Description: string | null;
  Hidden: boolean;
}
interface List {
  TableName: string;
  FormattedTableName: string;
  IsDynamic: boolean;
  Types: Item[];
}

let t: TestApp;
let admin: string;
let investigator: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signIn('caseadmin');
  investigator = await t.signIn('investigator');
});
afterAll(() => t.close());

const allLists = async (): Promise<List[]> => (await t.call(admin, { method: 'GET', url: '/api/types' })).json();
const createList = (name: string, token = admin) => t.call(token, { method: 'POST', url: '/api/types', payload: { TypeName: name } });

describe('reading one list', () => {
  it('answers the list with its items sorted by Short, to any signed-in user', async () => {
    const response = await t.call(investigator, { method: 'GET', url: '/api/types/UOMType' });
    expect(response.statusCode).toBe(200);
    const list: List = response.json();
    expect(list).toMatchObject({ TableName: 'UOMType', FormattedTableName: 'UOM Type', IsDynamic: false });
    expect(list.Types.map((i) => i.Short)).toEqual(['DAY', 'EA', 'HR', 'MI', 'PG']);
    expect(list.Types[0]).toEqual({ Id: expect.any(Number), Short: 'DAY', Description: 'Day', Hidden: false });
  });

  it('answers 404 for an unknown list', async () => {
    const response = await t.call(admin, { method: 'GET', url: '/api/types/NoSuchList' });
    expect(response.statusCode).toBe(404);
    expect(response.json().Message).toBe('There is no list NoSuchList.');
  });
});

describe('dynamic lists', () => {
  it('creates a list whose TableName is the PascalCase name', async () => {
    const response = await createList('  vehicle make ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ TableName: 'VehicleMake', FormattedTableName: 'vehicle make', IsDynamic: true, Types: [] });
    expect((await allLists()).some((l) => l.TableName === 'VehicleMake')).toBe(true);
  });

  it('refuses a name another list shows, and keeps TableNames unique', async () => {
    const duplicate = await createList('Vehicle MAKE');
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().ModelState).toEqual({ TypeName: ['A list with this name already exists.'] });
    const similar = await createList('Vehicle-Make');
    expect(similar.statusCode).toBe(200);
    expect(similar.json()).toMatchObject({ TableName: 'VehicleMake2', FormattedTableName: 'Vehicle-Make' });
  });

  it('answers ModelState for a missing or letterless name, and stores nothing', async () => {
    const before = (await allLists()).length;
    const missing = await t.call(admin, { method: 'POST', url: '/api/types', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState).toEqual({ TypeName: ['List Name is required.'] });
    const blank = await createList('   ');
    expect(blank.json().ModelState).toEqual({ TypeName: ['List Name is required.'] });
    const symbols = await createList('!!!');
    expect(symbols.json().ModelState).toEqual({ TypeName: ['The list name needs at least one letter or digit.'] });
    expect((await allLists()).length).toBe(before);
  });

  it('renames a dynamic list without changing its TableName', async () => {
    await createList('Hair Colour');
    const response = await t.call(admin, { method: 'PATCH', url: '/api/types/HairColour', payload: { TypeName: 'Hair Color' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ TableName: 'HairColour', FormattedTableName: 'Hair Color', IsDynamic: true });
    const taken = await t.call(admin, { method: 'PATCH', url: '/api/types/HairColour', payload: { TypeName: 'vehicle make' } });
    expect(taken.json().ModelState).toEqual({ TypeName: ['A list with this name already exists.'] });
  });

  it('refuses to rename or delete a static list', async () => {
    const rename = await t.call(admin, { method: 'PATCH', url: '/api/types/RegionType', payload: { TypeName: 'States' } });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().Message).toBe('Static lists cannot be renamed.');
    const remove = await t.call(admin, { method: 'DELETE', url: '/api/types/RegionType' });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().Message).toBe('Static lists cannot be deleted.');
    expect((await allLists()).find((l) => l.TableName === 'RegionType')?.FormattedTableName).toBe('Region Type');
  });

  it('refuses to delete a list that a section template uses', async () => {
    const response = await t.call(admin, { method: 'DELETE', url: '/api/types/SourceType' });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe(
      'The list Source Type is used by the section templates Reference Interview, Residence Verification and cannot be deleted.',
    );
    expect((await t.call(admin, { method: 'GET', url: '/api/types/SourceType' })).statusCode).toBe(200);
  });

  it('deletes an unused dynamic list with its items', async () => {
    await createList('Eye Colour');
    await t.call(admin, { method: 'POST', url: '/api/types/EyeColour/items', payload: { Short: 'BLU', Description: 'Blue' } });
    const response = await t.call(admin, { method: 'DELETE', url: '/api/types/EyeColour' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ TableName: 'EyeColour', Types: [{ Short: 'BLU' }] });
    expect((await t.call(admin, { method: 'GET', url: '/api/types/EyeColour' })).statusCode).toBe(404);
    const items = await t.database.db.selectFrom('type_items').select('Id').where('TableName', '=', 'EyeColour').execute();
    expect(items).toEqual([]);
  });
});

describe('list items', () => {
  it('adds, edits and disables/enables items', async () => {
    const created = await t.call(admin, { method: 'POST', url: '/api/types/VehicleMake/items', payload: { Short: ' Ford ', Description: 'Ford Motor' } });
    expect(created.statusCode).toBe(200);
    const item: Item = created.json();
    expect(item).toEqual({ Id: expect.any(Number), Short: 'Ford', Description: 'Ford Motor', Hidden: false });

    const edited = await t.call(admin, { method: 'PATCH', url: `/api/types/VehicleMake/items/${item.Id}`, payload: { Short: 'FORD', Description: '' } });
    expect(edited.json()).toEqual({ Id: item.Id, Short: 'FORD', Description: null, Hidden: false });

    const hidden = await t.call(admin, { method: 'DELETE', url: `/api/types/VehicleMake/items/${item.Id}` });
    expect(hidden.json()).toEqual({ Id: item.Id, Short: 'FORD', Description: null, Hidden: true });
    const shown = await t.call(admin, { method: 'DELETE', url: `/api/types/VehicleMake/items/${item.Id}` });
    expect(shown.json().Hidden).toBe(false);
  });

  it('answers items sorted by Short', async () => {
    await t.call(admin, { method: 'POST', url: '/api/types/VehicleMake/items', payload: { Short: 'Audi' } });
    await t.call(admin, { method: 'POST', url: '/api/types/VehicleMake/items', payload: { Short: 'Toyota' } });
    const list: List = (await t.call(admin, { method: 'GET', url: '/api/types/VehicleMake' })).json();
    expect(list.Types.map((i) => i.Short)).toEqual(['Audi', 'FORD', 'Toyota']);
  });

  it('requires Short, unique within the list regardless of case', async () => {
    const missing = await t.call(admin, { method: 'POST', url: '/api/types/VehicleMake/items', payload: { Description: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ModelState).toEqual({ Short: ['Short is required.'] });
    const duplicate = await t.call(admin, { method: 'POST', url: '/api/types/VehicleMake/items', payload: { Short: 'ford' } });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().ModelState).toEqual({ Short: ['An item with this Short already exists in this list.'] });

    const list: List = (await t.call(admin, { method: 'GET', url: '/api/types/VehicleMake' })).json();
    const audi = list.Types.find((i) => i.Short === 'Audi')!;
    const clash = await t.call(admin, { method: 'PATCH', url: `/api/types/VehicleMake/items/${audi.Id}`, payload: { Short: 'TOYOTA' } });
    expect(clash.json().ModelState).toEqual({ Short: ['An item with this Short already exists in this list.'] });
    const ownName = await t.call(admin, { method: 'PATCH', url: `/api/types/VehicleMake/items/${audi.Id}`, payload: { Short: 'AUDI' } });
    expect(ownName.statusCode).toBe(200);
    // The same Short may be used in another list.
    const elsewhere = await t.call(admin, { method: 'POST', url: '/api/types/VehicleMake2/items', payload: { Short: 'Ford' } });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('adds items to static lists too', async () => {
    const response = await t.call(admin, { method: 'POST', url: '/api/types/CaseType/items', payload: { Short: 'T2', Description: 'Tier 2 Investigation' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an item of another list', async () => {
    const regions: List = (await t.call(admin, { method: 'GET', url: '/api/types/RegionType' })).json();
    const response = await t.call(admin, { method: 'DELETE', url: `/api/types/VehicleMake/items/${regions.Types[0].Id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().Message).toBe('There is no such item in this list.');
  });
});

describe('permissions and audit', () => {
  it('refuses every change to a user without the Types permissions, and nothing changes', async () => {
    const before = await allLists();
    const item = before.find((l) => l.TableName === 'VehicleMake')!.Types[0];
    const attempts = [
      { method: 'POST' as const, url: '/api/types', payload: { TypeName: 'Sneaky' } },
      { method: 'PATCH' as const, url: '/api/types/VehicleMake', payload: { TypeName: 'Sneaky' } },
      { method: 'DELETE' as const, url: '/api/types/VehicleMake2' },
      { method: 'POST' as const, url: '/api/types/VehicleMake/items', payload: { Short: 'Sneaky' } },
      { method: 'PATCH' as const, url: `/api/types/VehicleMake/items/${item.Id}`, payload: { Short: 'Sneaky' } },
      { method: 'DELETE' as const, url: `/api/types/VehicleMake/items/${item.Id}` },
    ];
    for (const token of [investigator, await t.signIn('client')]) {
      for (const attempt of attempts) {
        const response = await t.call(token, attempt);
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      }
    }
    expect(await allLists()).toEqual(before);
  });

  it('records who changed a list', async () => {
    const entry = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.Id', 'audit_log.User_Id')
      .select(['users.UserName', 'audit_log.Action'])
      .where('Entity', '=', 'type_lists')
      .where('Entity_Id', '=', 'HairColour')
      .orderBy('audit_log.Id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ UserName: 'caseadmin', Action: 'rename' });
  });
});
