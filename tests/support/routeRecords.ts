import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../server/db/database.js';
import { reportCatalogue } from '../../server/reports/catalogue.js';
import { Tags } from '../../shared/permissions.js';
import { REPORT_FORMATS } from '../../shared/reports.js';

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
  next?: string | { values: readonly string[] };
  /** Records a caller's own standing rests on, left out (`RecordExclusions`): their accounts, their groups. */
  notCallers?: 'users' | 'groups';
  /** Whether a row lies in a caller's scope (`CallerScope`), through the records it belongs to; none: everyone's. */
  inScope?: (scope: CallerScope) => RawBuilder<boolean>;
}

/**
 * What a caller may see of the records that have an owner: the orgs of its org scope (`all` for the provider's
 * staff at the root org and for system administrators), for an investigator who sees only their own items their user
 * id (docs/decisions.md, "Org scope" and "Items: who sees which"), and the caller itself: a report instance is its
 * creator's.
 */
export interface CallerScope {
  userId: number;
  orgIds: readonly number[] | 'all';
  ownItemsOf: number | null;
}

const orgIn = (column: string, scope: CallerScope): RawBuilder<boolean> =>
  scope.orgIds === 'all' ? sql<boolean>`TRUE` : scope.orgIds.length ? sql<boolean>`${sql.ref(column)} IN (${sql.join(scope.orgIds)})` : sql<boolean>`FALSE`;
const caseIn = (column: string, scope: CallerScope) => sql<boolean>`${sql.ref(column)} IN (SELECT "Id" FROM cases WHERE ${orgIn('Client_Id', scope)})`;
const itemRowIn = (scope: CallerScope) =>
  sql<boolean>`${caseIn('Case_Id', scope)} AND ${scope.ownItemsOf === null ? sql`TRUE` : sql`"AssignedTo_Id" = ${scope.ownItemsOf}`}`;
const itemIn = (scope: CallerScope) => sql<boolean>`"Item_Id" IN (SELECT "Id" FROM items WHERE ${itemRowIn(scope)})`;
const RECORDS: Record<string, RecordSource> = {
  'api/cases': { table: 'cases', inScope: (scope) => orgIn('Client_Id', scope) },
  'cases/items': { table: 'items', parent: 'Case_Id', inScope: itemRowIn },
  'cases/attachments': { table: 'case_attachments', parent: 'Case_Id', inScope: (scope) => caseIn('Case_Id', scope) },
  'cases/requesting-official': { table: 'orgs', inScope: (scope) => orgIn('Id', scope) },
  'cases/assignees': { table: 'orgs', next: { values: [Tags.DATA_ENTRY, Tags.REVIEWER] }, inScope: (scope) => orgIn('Id', scope) },
  'cases/org': { table: 'orgs', inScope: (scope) => orgIn('Id', scope) },
  'workflows/cases': { table: 'cases', inScope: (scope) => orgIn('Client_Id', scope) },
  'cases/reviewer': { table: 'users', notCallers: 'users', inScope: (scope) => orgIn('Org_Id', scope) },
  'items/sections': { table: 'item_sections', parent: 'Item_Id', inScope: itemIn },
  'items/attachments': { table: 'item_attachments', parent: 'Item_Id', inScope: itemIn },
  'items/issue-codes': { table: 'item_issue_codes', parent: 'Item_Id', inScope: itemIn },
  'items/expenses': { table: 'item_expenses', parent: 'Item_Id', inScope: itemIn },
  'api/orgs': { table: 'orgs', inScope: (scope) => orgIn('Id', scope) },
  'orgs/case-types': { table: 'org_case_types', parent: 'Org_Id', inScope: (scope) => orgIn('Org_Id', scope) },
  'case-types/fees': { table: 'case_fees', parent: 'OrgCaseType_Id', inScope: (scope) => sql<boolean>`"OrgCaseType_Id" IN (SELECT "Id" FROM org_case_types WHERE ${orgIn('Org_Id', scope)})` },
  'orgs/deadlines': { table: 'org_deadlines', parent: 'Org_Id', inScope: (scope) => orgIn('Org_Id', scope) },
  'orgs/users': { table: 'users', parent: 'Org_Id', notCallers: 'users', inScope: (scope) => orgIn('Org_Id', scope) },
  'orgs/expense-rules': { table: 'org_expense_rules', parent: 'Org_Id', inScope: (scope) => orgIn('Org_Id', scope) },
  'api/invoices': { table: 'invoices', inScope: (scope) => orgIn('Org_Id', scope) },
  'reports/instance': { table: 'report_instances', next: { values: REPORT_FORMATS }, inScope: (scope) => sql<boolean>`"CreatedBy_Id" = ${scope.userId}` },
  'api/item-types': { table: 'item_types' },
  'item-types/sections': { table: 'item_type_sections', key: 'Section_Id', parent: 'ItemType_Id' },
  'item-types/assets': { table: 'item_type_assets', parent: 'ItemType_Id', next: 'Name' },
  'api/case-templates': { table: 'case_templates' },
  'identity/users': { table: 'users', notCallers: 'users', inScope: (scope) => orgIn('Org_Id', scope) },
  'identity/groups': { table: 'groups', notCallers: 'groups' },
  'groups/roles': { table: 'group_roles', key: 'Role_Id', parent: 'Group_Id' },
  'api/expense-types': { table: 'expense_types' },
  'api/types': { table: 'type_lists', key: 'TableName' },
  'types/items': { table: 'type_items', parent: 'TableName' },
  'api/sections': { table: 'sections' },
  'api/stock-phrases': { table: 'stock_phrases', key: 'FieldKey', next: 'Id' },
  'api/webhooks': { table: 'webhook_endpoints' },
  'webhooks/deliveries': { table: 'webhook_deliveries', parent: 'Endpoint_Id' },
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

interface RowFilter {
  /** The column naming the record it belongs to, and that record's key. */
  parent?: { column: string; value: unknown };
  /** A condition on the row (its scope, or outside it). */
  where?: RawBuilder<boolean>;
}

async function rowsOf(db: Database, source: RecordSource, filter: RowFilter, limit: number, exclude: RecordExclusions): Promise<Row[]> {
  const key = source.key ?? 'Id';
  const skip: unknown[] = source.notCallers === 'users' ? [...exclude.userIds] : source.notCallers === 'groups' ? [...exclude.groupNames] : [];
  const column = source.notCallers === 'groups' ? 'Name' : key;
  const result = await sql<Row>`
    SELECT * FROM ${sql.table(source.table)}
    WHERE ${filter.parent ? sql`${sql.ref(filter.parent.column)} = ${filter.parent.value}` : sql`TRUE`}
      AND ${filter.where ?? sql`TRUE`}
      AND ${skip.length ? sql`${sql.ref(column)} NOT IN (${sql.join(skip)})` : sql`TRUE`}
    ORDER BY md5(${sql.ref(key)}::text) LIMIT ${limit}`.execute(db);
  return result.rows;
}

/**
 * Which records to name: any (no `scope`), records the caller may see (`in`: every record of the path in its scope),
 * or a record it may not (`out`: the innermost record that has an owner lies outside the scope — and so do the
 * records it belongs to — while records chosen beside it lie inside).
 */
export interface RecordChoice {
  exclude?: RecordExclusions;
  scope?: { of: CallerScope; side: 'in' | 'out' };
}

/**
 * Up to three sets of real values for a route's path params, read from the database: the innermost record first,
 * then the records it belongs to, so that an item's expense is the expense of that item of that case. A path with a
 * param RECORDS does not know throws (add it there). With `scope: { side: 'out' }`, a path none of whose records has
 * an owner has no such sets.
 */
export async function recordParams(db: Database, url: string, choice: RecordChoice = {}): Promise<Record<string, string>[]> {
  const exclude = choice.exclude ?? { userIds: [], groupNames: [] };
  const slots = slotsOf(url);
  if (slots.length === 0) return [];
  const last = slots.at(-1)!;
  if (last.source === 'reports') {
    return choice.scope?.side === 'out' ? [] : reportCatalogue.slice(0, 3).map((report) => ({ [last.params[0]]: report.group, [last.params[1]]: report.name }));
  }
  const scope = choice.scope;
  const outside = scope?.side === 'out' ? [...slots].reverse().find((slot) => slot.source !== 'reports' && slot.source.inScope) : undefined;
  if (scope?.side === 'out' && !outside) return [];
  /** The condition on a row chosen by itself (not as the record another belongs to). */
  const where = (slot: Slot): RawBuilder<boolean> | undefined => {
    if (!scope || slot.source === 'reports' || !slot.source.inScope) return undefined;
    const inside = slot.source.inScope(scope.of);
    return slot === outside ? sql<boolean>`NOT (${inside})` : inside;
  };
  const sets: Record<string, string>[] = [];
  for (const innermost of await rowsOf(db, last.source, { where: where(last) }, 3, exclude)) {
    const values: Record<string, string> = {};
    let row: Row | undefined = innermost;
    for (let index = slots.length - 1; index >= 0; index--) {
      const slot = slots[index];
      if (slot.source === 'reports') throw new Error(`Reports inside ${url}`);
      if (!row) [row] = await rowsOf(db, slot.source, { where: where(slot) }, 1, exclude);
      if (!row) break;
      values[slot.params[0]] = String(row[slot.source.key ?? 'Id']);
      const next = slot.source.next;
      if (slot.params[1]) values[slot.params[1]] = typeof next === 'object' ? next.values[sets.length % next.values.length] : String(row[next!]);
      const parentColumn = slot.source.parent;
      const outer = slots[index - 1];
      row = parentColumn && outer && outer.source !== 'reports' ? (await rowsOf(db, outer.source, { parent: { column: outer.source.key ?? 'Id', value: row[parentColumn] } }, 1, exclude))[0] : undefined;
    }
    if (Object.keys(values).length === slots.reduce((sum, slot) => sum + slot.params.length, 0)) sets.push(values);
  }
  return sets;
}
