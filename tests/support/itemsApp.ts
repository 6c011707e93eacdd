import { afterAll, beforeAll } from 'vitest';
import { isoDay } from '../../shared/format.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { startTestApp, type TestApp } from './testApp.js';
import { caseAwaitingAssignment } from './readyCase.js';
import { putTemplateSections } from './itemSections.js';

export type Json = Record<string, unknown>;
export type Who = 'caseadmin' | 'dataentry' | 'reviewer' | 'manager' | 'investigator' | 'contractor' | 'client' | 'sysadmin';

/** A field with a value in every part the completeness rules read; template fields get one filled entry. */
function filled(field: SectionField): SectionField {
  switch (field['@type']) {
    case 'checkbox':
      return { ...field, '#text': 'true' };
    case 'address':
      return { ...field, line1: '1 Main St', city: 'Columbia', region: 'SC', postalCode: '29201' };
    case 'phoneNumber':
      return { ...field, '#text': '803-555-0100' };
    case 'date':
      return { ...field, '#text': '2024-05-01' };
    case 'template':
      return { ...field, entries: [{ fields: { field: (field.Template?.fields.field ?? []).map(filled) } }] };
    default:
      return { ...field, '#text': 'Entered' };
  }
}

/**
 * The app of an items test file, started before its tests and closed after them (`started` is handed it), with the
 * demo's staff signed in by user name and the users' ids; and the calls and cases the tests make with them.
 */
export function itemsApp(started?: (app: TestApp) => void) {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const user = new Map<string, number>();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp();
    started?.(t);
    for (const name of ['caseadmin', 'dataentry', 'reviewer', 'manager', 'investigator', 'contractor', 'client', 'sysadmin'] as Who[]) tokens[name] = await t.signIn(name);
    for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) user.set(row.UserName, row.Id);
  });
  afterAll(() => t.close());

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call(tokens[who], { method, url, payload });
  /** The day `n` days from today (the server's clock), YYYY-MM-DD. */
  const day = (n: number) => isoDay(new Date(t.clock.now().getTime() + n * 86_400_000));
  let cases = 0;

  /** A Tier 3 case of the Department of Commerce with its five Auto Add items, data entry complete (AWAITING_ASSIGNMENT). */
  async function readyCase(): Promise<{ id: number; items: number[] }> {
    cases += 1;
    const { caseId, items } = await caseAwaitingAssignment(t, tokens, { lastName: `Itemcase${cases}`, ssn: `77${cases}` });
    return { id: caseId, items };
  }

  const caseState = async (id: number) => (await db().selectFrom('cases').select('WorkflowState').where('Id', '=', id).executeTakeFirstOrThrow()).WorkflowState;
  const itemRow = (id: number) => db().selectFrom('items').selectAll().where('Id', '=', id).executeTakeFirstOrThrow();
  const itemsUrl = (caseId: number) => `/api/cases/${caseId}/items`;

  /** Puts every section of the item's template on the item, with every field filled; `change` alters one definition. */
  async function completeSections(itemId: number, change?: (name: string, definition: FieldList) => FieldList | null): Promise<void> {
    await putTemplateSections(db(), itemId, (name, template) => {
      const definition: FieldList = { fields: { field: template.fields.field.map(filled) } };
      return change ? change(name, definition) : definition;
    });
  }

  const typeNameOf = async (itemId: number) =>
    (await db().selectFrom('items as i').innerJoin('item_types as t', 't.Id', 'i.ItemType_Id').select('t.Name').where('i.Id', '=', itemId).executeTakeFirstOrThrow()).Name;

  return { user, db, call, day, readyCase, caseState, itemRow, itemsUrl, completeSections, typeNameOf };
}
