import { sql } from 'kysely';
import type { Database } from '../../server/db/database.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';

/**
 * Real records for a route's path params (`/api/cases/:Case_Id/items/:id` → a case of the database and one of its
 * items), so that a test's calls reach the handler instead of stopping at "not found": the hostile-input run sends
 * them beside its hostile params.
 */

/** Records left out of the choice: the accounts of the test's callers and their groups, whose change would turn the callers away. */
export interface RecordExclusions {
  userIds: readonly number[];
  groupNames: readonly string[];
}

/**
 * Where the record a path param names is found, by the literal segment before it and the literal before that
 * (`cases/items` in /api/cases/:Case_Id/items/:id): its table, its key column, the column naming the record of the
 * param before it, and, for a param straight after it (`/assets/:assetId/:name`), the column that one reads.
 */
interface RecordSource {
  table: string;
  key?: string;
  parent?: string;
  next?: string;
  /** Records a caller's own standing rests on, left out (`RecordExclusions`): their accounts, their groups. */
  notCallers?: 'users' | 'groups';
}
const RECORDS: Record<string, RecordSource> = {
  'api/cases': { table: 'cases' },
  'cases/items': { table: 'items', parent: 'Case_Id' },
  'cases/attachments': { table: 'case_attachments', parent: 'Case_Id' },
  'cases/reviewer': { table: 'users', notCallers: 'users' },
  'items/sections': { table: 'item_sections', parent: 'Item_Id' },
  'items/attachments': { table: 'item_attachments', parent: 'Item_Id' },
  'items/issue-codes': { table: 'item_issue_codes', parent: 'Item_Id' },
  'items/expenses': { table: 'item_expenses', parent: 'Item_Id' },
  'api/orgs': { table: 'orgs' },
  'orgs/case-types': { table: 'org_case_types', parent: 'Org_Id' },
  'case-types/fees': { table: 'case_fees', parent: 'OrgCaseType_Id' },
  'orgs/deadlines': { table: 'org_deadlines', parent: 'Org_Id' },
  'orgs/users': { table: 'users', parent: 'Org_Id', notCallers: 'users' },
  'orgs/expense-rules': { table: 'org_expense_rules', parent: 'Org_Id' },
  'api/item-types': { table: 'item_types' },
  'item-types/sections': { table: 'item_type_sections', key: 'Section_Id', parent: 'ItemType_Id' },
  'item-types/assets': { table: 'item_type_assets', parent: 'ItemType_Id', next: 'Name' },
  'api/case-templates': { table: 'case_templates' },
  'identity/users': { table: 'users', notCallers: 'users' },
  'identity/groups': { table: 'groups', notCallers: 'groups' },
  'groups/roles': { table: 'group_roles', key: 'Role_Id', parent: 'Group_Id' },
  'api/expense-types': { table: 'expense_types' },
  'api/types': { table: 'type_lists', key: 'TableName' },
  'types/items': { table: 'type_items', parent: 'TableName' },
  'api/sections': { table: 'sections' },
  'api/stock-phrases': { table: 'stock_phrases', key: 'FieldKey', next: 'Id' },
};

interface Slot {
  params: string[];
  source: RecordSource | 'reports';
}

/** The path's params grouped by the record they name, outermost first. */
function slotsOf(url: string): Slot[] {
  const segments = url.split('/').filter(Boolean);
  const slots: Slot[] = [];
  segments.forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const name = segment.slice(1);
    if (segments[index - 1].startsWith(':')) return void slots.at(-1)!.params.push(name);
    const literal = segments[index - 1];
    const before = segments.slice(0, index - 1).filter((s) => !s.startsWith(':')).at(-1) ?? '';
    const key = `${before}/${literal}`;
    if (key === 'api/reports') return void slots.push({ params: [name], source: 'reports' });
    const source = RECORDS[key];
    if (!source) throw new Error(`No records known for :${name} in ${url} (${key}): add them to RECORDS`);
    slots.push({ params: [name], source });
  });
  return slots;
}

type Row = Record<string, unknown>;

async function rowsOf(db: Database, source: RecordSource, filter: { column: string; value: unknown } | null, limit: number, exclude: RecordExclusions): Promise<Row[]> {
  const key = source.key ?? 'Id';
  const skip: unknown[] = source.notCallers === 'users' ? [...exclude.userIds] : source.notCallers === 'groups' ? [...exclude.groupNames] : [];
  const column = source.notCallers === 'groups' ? 'Name' : key;
  const result = await sql<Row>`
    SELECT * FROM ${sql.table(source.table)}
    WHERE ${filter ? sql`${sql.ref(filter.column)} = ${filter.value}` : sql`TRUE`}
      AND ${skip.length ? sql`${sql.ref(column)} NOT IN (${sql.join(skip)})` : sql`TRUE`}
    ORDER BY md5(${sql.ref(key)}::text) LIMIT ${limit}`.execute(db);
  return result.rows;
}

/**
 * Up to three sets of real values for a route's path params, read from the database: the innermost record first,
 * then the records it belongs to, so that an item's expense is the expense of that item of that case. A path with a
 * param RECORDS does not know throws (add it there).
 */
export async function recordParams(db: Database, url: string, exclude: RecordExclusions = { userIds: [], groupNames: [] }): Promise<Record<string, string>[]> {
  const slots = slotsOf(url);
  if (slots.length === 0) return [];
  const last = slots.at(-1)!;
  if (last.source === 'reports') {
    return reportCatalogue.slice(0, 3).map((report) => ({ [last.params[0]]: report.group, [last.params[1]]: report.name }));
  }
  const sets: Record<string, string>[] = [];
  for (const innermost of await rowsOf(db, last.source, null, 3, exclude)) {
    const values: Record<string, string> = {};
    let row: Row | undefined = innermost;
    for (let index = slots.length - 1; index >= 0; index--) {
      const slot = slots[index];
      if (slot.source === 'reports') throw new Error(`Reports inside ${url}`);
      if (!row) [row] = await rowsOf(db, slot.source, null, 1, exclude);
      if (!row) break;
      values[slot.params[0]] = String(row[slot.source.key ?? 'Id']);
      if (slot.params[1]) values[slot.params[1]] = String(row[slot.source.next!]);
      const parentColumn = slot.source.parent;
      const outer = slots[index - 1];
      row = parentColumn && outer && outer.source !== 'reports' ? (await rowsOf(db, outer.source, { column: outer.source.key ?? 'Id', value: row[parentColumn] }, 1, exclude))[0] : undefined;
    }
    if (Object.keys(values).length === slots.reduce((sum, slot) => sum + slot.params.length, 0)) sets.push(values);
  }
  return sets;
}

