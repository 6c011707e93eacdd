import type { LookupItem, LookupList } from '../../shared/api/configuration.js';
import type { Database } from '../db/database.js';

/** Every lookup list with its items (two queries, grouped here), lists by name and items by Short. */
export async function loadLookupLists(db: Database, tableName?: string): Promise<LookupList[]> {
  let listQuery = db.selectFrom('type_lists').select(['TableName', 'FormattedTableName', 'IsDynamic']);
  let itemQuery = db.selectFrom('type_items').select(['Id', 'TableName', 'Short', 'Description', 'Hidden']);
  if (tableName) {
    listQuery = listQuery.where('TableName', '=', tableName);
    itemQuery = itemQuery.where('TableName', '=', tableName);
  }
  const [lists, items] = await Promise.all([
    listQuery.orderBy('FormattedTableName').execute(),
    itemQuery.orderBy('Short').execute(),
  ]);
  const byList = new Map<string, LookupItem[]>();
  for (const { TableName, ...item } of items) {
    const list = byList.get(TableName) ?? [];
    list.push(item);
    byList.set(TableName, list);
  }
  return lists.map((list) => ({ ...list, Types: byList.get(list.TableName) ?? [] }));
}
