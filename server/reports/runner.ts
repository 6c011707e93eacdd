import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { originOf, type Database } from '../db/database.js';
import { orgSubtreeIds } from '../orgs/scope.js';
import { Limits } from '../../shared/constants.js';
import { columnIn, type QueryInput, type ReportContext, type ReportDeclaration, type ReportRow, ParameterValues } from './definition.js';

/** A report row with its nested Details rows (xml only). */
export interface RunRow {
  row: ReportRow;
  details?: ReportRow[];
}

const DAY_MS = 86_400_000;

/** What a report's queries get: the context, the parameters, the caller's org scope as a condition. */
export function queryInput(context: ReportContext, parameters: ParameterValues): QueryInput {
  const { scope } = context;
  return {
    context,
    parameters,
    today: context.now.toISOString().slice(0, 10),
    orgSubtree: async (orgId) => (orgId === null ? null : orgSubtreeIds(context.db, orgId)),
    dayAfter: (day) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10),
    inScope(column, orgIds) {
      const allowed = scope.all ? null : [...scope.ids];
      const picked = orgIds ?? null;
      const ids = allowed === null ? picked : picked === null ? allowed : picked.filter((id) => scope.all || scope.ids.has(id));
      return columnIn(column, ids);
    },
  };
}

/** The column the embedded database numbers a report's rows by, in the order its query sorts them. */
const ROW_NUMBER = 'report_row';

/**
 * The query's rows a batch at a time, never all at once: on PostgreSQL through a server-side cursor (one pooled
 * connection in a read-only transaction for the length of the download, so the rows are one snapshot). The embedded
 * PGlite answers one query at a time for the whole app, so a download must not hold it: the query runs once into a
 * temporary table numbering its rows in order (one sort, one snapshot), read in pages by that number — each page its
 * own short query, other requests running between pages — and dropped at the end, or when the consumer stops (a
 * client that went away). Limits.REPORT_BATCH_ROWS rows per batch.
 */
async function* batchesOf(db: Database, compiled: CompiledQuery<ReportRow>): AsyncGenerator<ReportRow[]> {
  const size = Limits.REPORT_BATCH_ROWS;
  const origin = originOf(db);
  if (origin?.kind === 'postgres') {
    const client = await origin.pool.connect();
    let open = false;
    try {
      await client.query('BEGIN READ ONLY');
      open = true;
      await client.query(`DECLARE report_rows NO SCROLL CURSOR FOR ${compiled.sql}`, [...compiled.parameters]);
      for (;;) {
        const { rows } = await client.query<ReportRow>(`FETCH FORWARD ${size} FROM report_rows`);
        if (rows.length) yield rows;
        if (rows.length < size) break;
      }
      await client.query('COMMIT');
      open = false;
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
    return;
  }
  // Paging the query itself (LIMIT … OFFSET) would sort all its rows again for every page: 100,000 rows took a minute.
  const table = `report_rows_${randomBytes(8).toString('hex')}`;
  await db.executeQuery(CompiledQuery.raw(`CREATE TEMPORARY TABLE ${table} AS SELECT q.*, row_number() OVER () AS ${ROW_NUMBER} FROM (${compiled.sql}) q`, [...compiled.parameters]));
  try {
    await db.executeQuery(CompiledQuery.raw(`CREATE INDEX ON ${table} (${ROW_NUMBER})`));
    for (let after = 0; ; after += size) {
      const page = await db.executeQuery<ReportRow>(CompiledQuery.raw(`SELECT * FROM ${table} WHERE ${ROW_NUMBER} > ${after} ORDER BY ${ROW_NUMBER} LIMIT ${size}`));
      const rows = page.rows.map(({ [ROW_NUMBER]: _number, ...row }) => row);
      if (rows.length) yield rows;
      if (rows.length < size) break;
    }
  } finally {
    await db.executeQuery(CompiledQuery.raw(`DROP TABLE IF EXISTS ${table}`)).catch(() => undefined);
  }
}

/** A value as the formats write it: moments as ISO text, everything else as read. */
function plain(row: ReportRow): ReportRow {
  const out: ReportRow = {};
  for (const [field, value] of Object.entries(row)) out[field] = value instanceof Date ? value.toISOString() : value;
  return out;
}

/**
 * The report's rows in order, with their Details rows when asked (one Details query per batch of rows), read a batch
 * at a time: a consumer that stops early (a client that went away) ends the cursor.
 */
export async function* reportRows(report: ReportDeclaration, input: QueryInput, withDetails: boolean): AsyncGenerator<RunRow[]> {
  const { db } = input.context;
  for await (const batch of batchesOf(db, (await report.query(input)).compile())) {
    const read = batch.map(plain);
    const rows = report.finish ? await report.finish(input, read) : read;
    const details = withDetails ? report.details : undefined;
    if (!details) {
      yield rows.map((row) => ({ row }));
      continue;
    }
    const { rows: detailRows } = await db.executeQuery<ReportRow>((await details.query(input, rows)).compile());
    const plainDetails = detailRows.map(plain);
    const finished = details.finish ? await details.finish(input, plainDetails) : plainDetails;
    const byParent = new Map<string, ReportRow[]>();
    for (const detail of finished) {
      const { ParentKey, ...rest } = detail;
      const key = String(ParentKey);
      const list = byParent.get(key);
      if (list) list.push(rest);
      else byParent.set(key, [rest]);
    }
    yield rows.map((row) => ({ row, details: byParent.get(String(row[details.key])) ?? [] }));
  }
}
