import type { Kysely } from 'kysely';
import { ConfigurationTexts } from '../../shared/texts/configuration.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { notFound, type ModelStateBuilder } from '../http/errors.js';
import type { ItemType as ApiItemType, ItemTypeAsset as ApiItemTypeAsset } from '../../shared/api/configuration.js';
import type { WithDates } from '../../shared/api/records.js';

const T = ConfigurationTexts.itemTypes;

export type { ItemTypeSection } from '../../shared/api/configuration.js';
export type ItemTypeAsset = WithDates<ApiItemTypeAsset, 'CreatedDate'>;
export type ItemType = WithDates<ApiItemType, 'CreatedDate'>;

export const assetResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    FileName: { type: 'string' },
    CreatedDate: { type: 'string', format: 'date-time' },
  },
} as const;

export const itemTypeResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    Description: { type: ['string', 'null'] },
    Hidden: { type: 'boolean' },
    Sections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Id: { type: 'integer' },
          SectionId: { type: 'integer' },
          SectionName: { type: 'string' },
          Version: { type: 'integer' },
          Required: { type: 'boolean' },
          DisplayOrder: { type: 'integer' },
        },
      },
    },
    Assets: { type: 'array', items: assetResponse },
  },
} as const;

/** Assets of item templates, oldest first. */
export function selectAssets(db: Kysely<DB>, itemTypeIds: readonly number[]) {
  return db
    .selectFrom('item_type_assets')
    .select(['Id', 'ItemType_Id', 'Name', 'FileName', 'CreatedDate'])
    .where('ItemType_Id', 'in', itemTypeIds)
    .orderBy('CreatedDate')
    .orderBy('Id')
    .execute();
}

function groupBy<T extends { ItemType_Id: number }>(rows: readonly T[]): Map<number, Omit<T, 'ItemType_Id'>[]> {
  const groups = new Map<number, Omit<T, 'ItemType_Id'>[]>();
  for (const { ItemType_Id, ...rest } of rows) groups.set(ItemType_Id, [...(groups.get(ItemType_Id) ?? []), rest]);
  return groups;
}

/** Item templates by name (or the given ones), each with its sections in display order and its assets: three queries. */
export async function loadItemTypes(db: Kysely<DB>, ids?: readonly number[]): Promise<ItemType[]> {
  let query = db.selectFrom('item_types').select(['Id', 'Name', 'Description', 'Hidden']).orderBy('Name').orderBy('Id');
  if (ids) query = query.where('Id', 'in', ids.length ? ids : [0]);
  const types = await query.execute();
  if (!types.length) return [];
  const typeIds = types.map((type) => type.Id);
  const links = await db
    .selectFrom('item_type_sections as l')
    .innerJoin('sections as s', 's.Id', 'l.Section_Id')
    .select(['l.ItemType_Id', 's.Id', 's.Id as SectionId', 's.SectionName', 's.Version', 'l.Required', 'l.DisplayOrder'])
    .where('l.ItemType_Id', 'in', typeIds)
    .orderBy('l.ItemType_Id')
    .orderBy('l.DisplayOrder')
    .orderBy('l.Id')
    .execute();
  const assets = await selectAssets(db, typeIds);
  const sectionsOf = groupBy(links);
  const assetsOf = groupBy(assets);
  return types.map((type) => ({ ...type, Sections: sectionsOf.get(type.Id) ?? [], Assets: assetsOf.get(type.Id) ?? [] }));
}

export async function findItemType(db: Kysely<DB>, id: number): Promise<ItemType> {
  const [type] = await loadItemTypes(db, [id]);
  if (!type) throw notFound(T.unknownItemType);
  return type;
}

/** Item template names are unique in any letter case (migration 009 backs this with an index). */
export async function checkNameFree(db: Kysely<DB>, name: string, errors: ModelStateBuilder, exceptId?: number): Promise<void> {
  let query = db.selectFrom('item_types').select('Id').where((eb) => eb(eb.fn('lower', ['Name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('Id', '<>', exceptId);
  if (await query.executeTakeFirst()) errors.add('Name', T.nameTaken);
}

/** Checks that sections exist, are enabled and are not listed twice; the error of entry i goes under keyOf(i). */
export async function checkSectionsUsable(
  db: Database,
  sectionIds: readonly number[],
  errors: ModelStateBuilder,
  keyOf: (index: number) => string,
): Promise<void> {
  if (!sectionIds.length) return;
  const rows = await db.selectFrom('sections').select(['Id', 'Enabled']).where('Id', 'in', sectionIds).execute();
  const enabled = new Map(rows.map((row) => [row.Id, row.Enabled]));
  const seen = new Set<number>();
  sectionIds.forEach((id, index) => {
    if (!enabled.has(id)) errors.add(keyOf(index), T.unknownSection);
    else if (!enabled.get(id)) errors.add(keyOf(index), T.sectionDisabled);
    else if (seen.has(id)) errors.add(keyOf(index), T.sectionAlreadyAdded);
    seen.add(id);
  });
}
