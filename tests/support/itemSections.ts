import type { Database } from '../../server/db/database.js';
import type { FieldList } from '../../shared/sections.js';

/**
 * Puts every section of the item's template on the item, in template order, replacing those it had: each with the
 * definition `definitionOf` makes from the section template's (values filled in); null leaves that section off.
 */
export async function putTemplateSections(db: Database, itemId: number, definitionOf: (sectionName: string, template: FieldList) => FieldList | null): Promise<void> {
  const item = await db.selectFrom('items').select('ItemType_Id').where('Id', '=', itemId).executeTakeFirstOrThrow();
  const links = await db
    .selectFrom('item_type_sections as its')
    .innerJoin('sections as s', 's.Id', 'its.Section_Id')
    .select(['s.Id', 's.SectionName', 's.Template'])
    .where('its.ItemType_Id', '=', item.ItemType_Id)
    .orderBy('its.DisplayOrder')
    .execute();
  await db.deleteFrom('item_sections').where('Item_Id', '=', itemId).execute();
  for (const [index, link] of links.entries()) {
    const definition = definitionOf(link.SectionName, link.Template as FieldList);
    if (!definition) continue;
    await db.insertInto('item_sections').values({ Item_Id: itemId, Section_Id: link.Id, Definition: JSON.stringify(definition), DisplayOrder: index + 1 }).execute();
  }
}
