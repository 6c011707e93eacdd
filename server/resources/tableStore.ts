import { sql, type Kysely } from 'kysely';
import type { ApiRecord, ResourceDeclaration, TableQuery } from '../../resources/declaration.js';
import type { ObjectSchema, PropertySchema } from '../../schemas/index.js';
import { Limits } from '../../shared/constants.js';
import type { Database } from '../db/database.js';
import { boundedCount } from '../db/boundedCount.js';
import { notFound, type ModelStateBuilder } from '../http/errors.js';
import type { RecordKey, ResourceStore, StoreContext } from './store.js';
import { containing } from '../db/likePatterns.js';

/** Tables reached by name from a declaration; the declaration's schema describes their columns. */
type LooseDB = Record<string, Record<string, unknown>>;
type TableConfig = NonNullable<ResourceDeclaration['store']>;

const loose = (db: Database) => db as unknown as Kysely<LooseDB>;
const types = (property: PropertySchema | undefined) => ([] as string[]).concat(property?.type ?? 'string');

/** Properties a client may write: everything in the schema that is not readOnly. */
export function writableFields(schema: ObjectSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([, property]) => !property.readOnly)
    .map(([name]) => name);
}

/** The writable fields of a body; texts trimmed, and an empty optional text stored as null. */
export function pickWritable(schema: ObjectSchema, body: ApiRecord): ApiRecord {
  const out: ApiRecord = {};
  for (const field of writableFields(schema)) {
    let value = body[field];
    if (value === undefined) continue;
    if (typeof value === 'string') {
      value = value.trim();
      if (value === '' && types(schema.properties[field]).includes('null')) value = null;
    }
    out[field] = value;
  }
  return out;
}

/** Refuses lookup ids (`x-lookup`) that are not items of their list. */
export async function checkLookups(db: Database, schema: ObjectSchema, values: ApiRecord, errors: ModelStateBuilder): Promise<void> {
  for (const [name, property] of Object.entries(schema.properties) as [string, PropertySchema][]) {
    const list = property['x-lookup'];
    const value = values[name];
    if (!list || value === null || value === undefined || Array.isArray(value)) continue;
    const found = await db.selectFrom('type_items').select('Id').where('Id', '=', Number(value)).where('TableName', '=', list).executeTakeFirst();
    if (!found) errors.add(name, `${property.title ?? name} is not a valid choice.`);
  }
}

/**
 * The generic store of a declaration whose records are the rows of one table (`store.table`): columns named as the
 * schema's properties, an `Id` key, a sub-resource's rows carrying their parent's key in the column the
 * declaration's `parent.field` names. Unique fields (ignoring letter case) and lookup values are checked; lookup
 * objects are attached (`store.expand`) with one query for all rows.
 */
export function tableStore(declaration: ResourceDeclaration, config: TableConfig & { table: string }): Required<Pick<ResourceStore, 'list' | 'read' | 'insert' | 'change' | 'remove' | 'validate'>> {
  const { table } = config;
  const { schema } = declaration;
  const parentColumn = declaration.parent?.field;
  const scoped = <Q extends { where: (column: string, op: '=', value: unknown) => Q }>(query: Q, context: StoreContext): Q =>
    parentColumn ? query.where(parentColumn, '=', context.parentKey) : query;

  async function expand(db: Database, rows: ApiRecord[]): Promise<ApiRecord[]> {
    const expansions = Object.entries(config.expand ?? {});
    if (expansions.length === 0 || rows.length === 0) return rows;
    const ids = new Set<number>();
    for (const row of rows) for (const [, column] of expansions) if (row[column] != null) ids.add(Number(row[column]));
    const items = ids.size ? await db.selectFrom('type_items').select(['Id', 'Short', 'Description']).where('Id', 'in', [...ids]).execute() : [];
    const byId = new Map(items.map((item) => [item.Id, item]));
    return rows.map((row) => {
      const out = { ...row };
      for (const [as, column] of expansions) out[as] = row[column] != null ? (byId.get(Number(row[column])) ?? null) : null;
      return out;
    });
  }

  /** A server-paged list: declared text filters as `ILIKE '%…%'` (trigram-indexable), others as equality; a bounded count. */
  async function page(context: StoreContext, query: TableQuery): Promise<ApiRecord> {
    let base = scoped(loose(context.db).selectFrom(table), context);
    for (const filter of query.filtered) {
      const declared = declaration.list.filters?.find((f) => f.source === filter.id);
      if (!declared) continue;
      if (declared.match === 'contains') {
        const text = String(filter.value).trim();
        if (text) base = base.where(filter.id, 'ilike', containing(text));
      } else {
        const property = schema.properties[filter.id];
        const value = types(property).includes('boolean') ? String(filter.value) === 'true' : filter.value;
        base = base.where(filter.id, '=', value);
      }
    }
    let rows = base.selectAll();
    for (const sort of query.sorted) rows = rows.orderBy(sort.id, sort.desc ? 'desc' : 'asc');
    const [found, count] = await Promise.all([
      rows.orderBy('Id').offset(query.page * query.pageSize).limit(query.pageSize).execute(),
      boundedCount(context.db, base.select('Id'), Limits.COUNT_BOUND),
    ]);
    const { records = 'records', pageCount = 'pageCount', total = 'total' } = declaration.operations.list?.answer ?? {};
    return {
      [records]: await expand(context.db, found as ApiRecord[]),
      [pageCount]: Math.ceil(count.total / query.pageSize),
      [total]: count.total,
      totalIsExact: count.exact,
    };
  }

  async function read(context: StoreContext, key: RecordKey): Promise<ApiRecord> {
    const row = (await scoped(loose(context.db).selectFrom(table).selectAll().where('Id', '=', key), context).executeTakeFirst()) as ApiRecord | undefined;
    if (!row) throw notFound(config.notFound ?? `No ${declaration.title.toLowerCase()} record ${String(key)}.`);
    return (await expand(context.db, [row]))[0];
  }

  return {
    async list(context, query) {
      if (query) return page(context, query);
      const { field, order } = declaration.list.sort;
      const rows = await scoped(loose(context.db).selectFrom(table).selectAll(), context)
        .orderBy(field, order === 'ASC' ? 'asc' : 'desc')
        .orderBy('Id')
        .execute();
      return expand(context.db, rows as ApiRecord[]);
    },
    read,
    async insert(context, values) {
      const row = { ...values, ...(parentColumn ? { [parentColumn]: context.parentKey } : {}) };
      const created = (await loose(context.db).insertInto(table).values(row).returning('Id').executeTakeFirstOrThrow()) as { Id: number };
      return created.Id;
    },
    async change(context, key, values) {
      if (Object.keys(values).length) await loose(context.db).updateTable(table).set(values).where('Id', '=', key).execute();
    },
    async remove(context, key, existing) {
      if (declaration.remove.kind === 'toggleHidden') await loose(context.db).updateTable(table).set({ Hidden: !existing.Hidden }).where('Id', '=', key).execute();
      else await loose(context.db).deleteFrom(table).where('Id', '=', key).execute();
    },
    async validate(context, values, existing, errors) {
      await checkLookups(context.db, schema, values, errors);
      for (const [field, message] of Object.entries(config.unique ?? {})) {
        const value = values[field];
        if (typeof value !== 'string') continue;
        let query = scoped(loose(context.db).selectFrom(table).select('Id').where(sql`lower(${sql.ref(field)})`, '=', value.trim().toLowerCase()), context);
        if (existing) query = query.where('Id', '<>', existing.Id);
        if (await query.executeTakeFirst()) errors.add(field, message);
      }
    },
  };
}
