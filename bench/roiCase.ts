import { sql } from 'kysely';
import type { Database } from '../server/db/database.js';

/** The demo seed's case with the most filled sections, grown to `count` items by copying its own (with their sections). */
export async function caseOfItems(db: Database, count: number): Promise<{ Id: number; Client_Id: number; CaseTemplate_Id: number | null }> {
  const { rows } = await sql<{ Id: number }>`
    SELECT i."Case_Id" AS "Id" FROM item_sections s JOIN items i ON i."Id" = s."Item_Id"
     GROUP BY i."Case_Id" ORDER BY count(*) DESC, i."Case_Id" LIMIT 1`.execute(db);
  const caseRow = await db.selectFrom('cases').select(['Id', 'Client_Id', 'CaseTemplate_Id']).where('Id', '=', rows[0].Id).executeTakeFirstOrThrow();
  const items = await db.selectFrom('items').selectAll().where('Case_Id', '=', caseRow.Id).orderBy('DisplayOrder').orderBy('Id').execute();
  for (let n = items.length; n < count; n += 1) {
    const { Id, ...source } = items[n % items.length];
    const copy = await db
      .insertInto('items')
      .values({ ...source, DisplayOrder: n + 1 })
      .returning('Id')
      .executeTakeFirstOrThrow();
    const sections = await db.selectFrom('item_sections').select(['Section_Id', 'Definition', 'DisplayOrder']).where('Item_Id', '=', Id).execute();
    for (const section of sections) {
      await db
        .insertInto('item_sections')
        .values({ ...section, Item_Id: copy.Id, Definition: JSON.stringify(section.Definition) })
        .execute();
    }
  }
  return caseRow;
}
