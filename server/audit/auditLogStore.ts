import { Readable } from 'node:stream';
import type { SelectQueryBuilder } from 'kysely';
import { Limits, PageSizes } from '../../shared/constants.js';
import type { AuditLogQuery } from '../../schemas/types.js';
import { fillPath } from '../../resources/declaration.js';
import { resourceByName } from '../../resources/index.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { countedPage } from '../db/boundedCount.js';
import { startingWith } from '../db/likePatterns.js';
import { csvLine } from '../files/csv.js';
import { sendDownload } from '../files/uploads.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { auditLogOperations } from '../../resources/auditLog.js';
import { defineStore } from '../resources/store.js';
import { audit } from './auditLog.js';

type Base = SelectQueryBuilder<DB, 'audit_log', object>;

/** The filters of the Audit log screen and of its CSV export: user, action, entity, record id, date range. */
export interface AuditFilter {
  UserName?: string;
  Action?: string;
  Entity?: string;
  Entity_Id?: string;
  From?: string | null;
  To?: string | null;
}

/**
 * The entries a filter keeps. A user is found by how their username starts, as the entry kept it (a renamed user's
 * older entries under the older name: an entry says who acted as they were then); action, entity and record id
 * match exactly; From includes, To excludes. Every filter has an index (migration 019), newest first is the primary
 * key read backwards.
 */
function filtered(db: Database, filter: AuditFilter): Base {
  let base = db.selectFrom('audit_log') as Base;
  const user = filter.UserName?.trim().toLowerCase();
  if (user) base = base.where((eb) => eb(eb.fn('lower', ['UserName']), 'like', startingWith(user)));
  for (const field of ['Action', 'Entity', 'Entity_Id'] as const) {
    const value = filter[field]?.trim();
    if (value) base = base.where(field, '=', value);
  }
  if (filter.From) base = base.where('CreatedDate', '>=', new Date(filter.From));
  if (filter.To) base = base.where('CreatedDate', '<', new Date(filter.To));
  return base;
}

const ENTRY_COLUMNS = ['Id', 'CreatedDate', 'User_Id', 'UserName', 'Action', 'Entity', 'Entity_Id', 'Fields', 'ClientAddress', 'UserAgent', 'RequestId'] as const;

/** The page of each record an entry can link to (a case, an item, an org), by the client's own routes. */
const RECORD_PAGES = {
  cases: (row: { Id: number }) => `${resourceByName('cases')!.route}/${row.Id}`,
  items: (row: { Id: number; Case_Id: number }) => fillPath(resourceByName('case-items')!.pageRoute!, { Case_Id: row.Case_Id, id: row.Id }),
  orgs: (row: { Id: number }) => `${resourceByName('orgs')!.route}/${row.Id}`,
} as const;

/** Each entry's `Link`: the record's page when the record still exists — two or three queries a page, never one per entry. */
async function withLinks<T extends { Entity: string; Entity_Id: string }>(db: Database, entries: T[]): Promise<(T & { Link: string | null })[]> {
  const idsOf = (entity: string) => [...new Set(entries.filter((e) => e.Entity === entity && /^[0-9]{1,9}$/.test(e.Entity_Id)).map((e) => Number(e.Entity_Id)))];
  const links = new Map<string, string>();
  const caseIds = idsOf('cases');
  if (caseIds.length) for (const row of await db.selectFrom('cases').select('Id').where('Id', 'in', caseIds).execute()) links.set(`cases/${row.Id}`, RECORD_PAGES.cases(row));
  const itemIds = idsOf('items');
  if (itemIds.length) for (const row of await db.selectFrom('items').select(['Id', 'Case_Id']).where('Id', 'in', itemIds).execute()) links.set(`items/${row.Id}`, RECORD_PAGES.items(row));
  const orgIds = idsOf('orgs');
  if (orgIds.length) for (const row of await db.selectFrom('orgs').select('Id').where('Id', 'in', orgIds).execute()) links.set(`orgs/${row.Id}`, RECORD_PAGES.orgs(row));
  return entries.map((entry) => ({ ...entry, Link: links.get(`${entry.Entity}/${entry.Entity_Id}`) ?? null }));
}

/** The filter of a list call: its column filters and its date range. */
const filterOf = (query: AuditLogQuery): AuditFilter => ({
  ...Object.fromEntries((query.filtered ?? []).map((f) => [f.id, f.value])),
  From: query.additional?.From ?? null,
  To: query.additional?.To ?? null,
});

/**
 * The audit log (Admin › Audit Log), the `audit-log` declaration's store: read only, server paged, newest first
 * (oldest first when asked), with a bounded count. Nothing here writes the log: server/audit/auditLog.ts does.
 */
export const auditLogStore = defineStore({
  summaries: { list: 'One page of the audit log, newest first (filters: user, action, entity, record id, date range); read only' },
  responses: {
    list: {
      type: 'object',
      properties: {
        entries: { type: 'array', items: { $ref: 'auditEntry.json' } },
        total: { type: 'integer' },
        totalIsExact: { type: 'boolean' },
        pageCount: { type: 'integer' },
        page: { type: 'integer' },
      },
    },
  },
  async list(context, query) {
    const asked = query as unknown as AuditLogQuery;
    const base = filtered(context.db, filterOf(asked));
    const pageSize = asked.pageSize ?? PageSizes.AUDIT_LOG;
    const counted = await countedPage(context.db, base.select('Id'), Limits.COUNT_BOUND, { page: asked.page ?? 0, pageSize });
    const oldestFirst = asked.sorted?.[0]?.desc === false;
    const rows = await base
      .select(ENTRY_COLUMNS)
      .orderBy('Id', oldestFirst ? 'asc' : 'desc')
      .limit(pageSize)
      .offset(counted.page * pageSize)
      .execute();
    return { entries: await withLinks(context.db, rows), total: counted.total, totalIsExact: counted.exact, pageCount: counted.pageCount, page: counted.page };
  },
});

const CSV_COLUMNS: readonly [label: string, value: (row: ExportRow) => string][] = [
  ['When (UTC)', (r) => new Date(r.CreatedDate).toISOString()],
  ['User', (r) => r.UserName ?? ''],
  ['User Id', (r) => (r.User_Id === null ? '' : String(r.User_Id))],
  ['Action', (r) => r.Action],
  ['Entity', (r) => r.Entity],
  ['Id', (r) => r.Entity_Id],
  ['Fields', (r) => r.Fields.join(' ')],
  ['Address', (r) => r.ClientAddress ?? ''],
  ['User agent', (r) => r.UserAgent ?? ''],
  ['Request', (r) => r.RequestId ?? ''],
];
type ExportRow = {
  Id: number;
  CreatedDate: Date;
  User_Id: number | null;
  UserName: string | null;
  Action: string;
  Entity: string;
  Entity_Id: string;
  Fields: string[];
  ClientAddress: string | null;
  UserAgent: string | null;
  RequestId: string | null;
};

/** The filtered log as CSV, newest first, read a batch at a time by id (keyset), so an export of millions streams. */
async function* auditCsv(db: Database, filter: AuditFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_COLUMNS.map(([label]) => label))}`;
  let before: number | null = null;
  for (;;) {
    let query = filtered(db, filter).select(ENTRY_COLUMNS);
    if (before !== null) query = query.where('Id', '<', before);
    const rows = (await query.orderBy('Id', 'desc').limit(Limits.AUDIT_EXPORT_BATCH).execute()) as ExportRow[];
    if (!rows.length) return;
    yield rows.map((row) => csvLine(CSV_COLUMNS.map(([, value]) => value(row)))).join('');
    if (rows.length < Limits.AUDIT_EXPORT_BATCH) return;
    before = rows[rows.length - 1].Id;
  }
}

/** The distinct values of an indexed column, one index probe each (a loose index scan), however long the log. */
async function distinctValues(db: Database, column: 'Action' | 'Entity'): Promise<string[]> {
  const values: string[] = [];
  let after: string | null = null;
  for (;;) {
    let query = db.selectFrom('audit_log').select(column).orderBy(column).limit(1);
    if (after !== null) query = query.where(column, '>', after);
    const row = await query.executeTakeFirst();
    if (!row || values.length >= MAX_CHOICES) return values;
    values.push(row[column]);
    after = row[column];
  }
}

const MAX_CHOICES = 500;

/** The audit log's calls beside its declared list: the CSV export and the filter choices. */
export const auditLogArea: ApiArea = {
  name: 'audit-log',
  routes: operationRoutes(auditLogOperations, {
    async export(request, reply) {
      const { db, services } = request.server;
      const day = services.now().toISOString().slice(0, 10);
      await audit(db, { entity: 'audit_log', entityId: null, action: 'export', fields: Object.keys(request.query).filter((key) => request.query[key as keyof AuditFilter]) });
      return sendDownload(reply, `audit-log-${day}.csv`, 'text/csv; charset=utf-8', Readable.from(auditCsv(db, request.query), { objectMode: false }));
    },
    async choices(request) {
      const { db } = request.server;
      return { Actions: await distinctValues(db, 'Action'), Entities: await distinctValues(db, 'Entity') };
    },
  }),
};
