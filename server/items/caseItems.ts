import type { Database } from '../db/database.js';
import type { AuthContext } from '../auth/sessions.js';
import { ItemStatuses, type ItemStatus } from '../../shared/workflow.js';
import { seesAllItems } from './itemAccess.js';
import { fieldsBesides, rowFields } from '../db/rowFields.js';

const STATUSES = new Set<string>(Object.values(ItemStatuses));

/** `ItemStateIDS=ASSIGNED,IN_REVIEW` (spec 001 §7; empty: every status) as the statuses it names. */
export function itemStatesOf(value: unknown): ItemStatus[] {
  if (typeof value !== 'string' || !value.trim()) return [];
  return value.split(',').map((s) => s.trim()).filter((s): s is ItemStatus => STATUSES.has(s));
}

/**
 * The columns an item answer reads, its template (`t`), region (`rg`) and investigator (`u`) joined: for the items of
 * a case and item search alike.
 */
export const ITEM_FIELDS = [
  'i.Id', 'i.Case_Id', 'i.DisplayOrder', 'i.ItemType_Id', 'i.ACD', 'i.Label', 'i.Address1', 'i.Address2', 'i.City', 'i.RegionType_Id',
  'i.PostalCode', 'i.ShowInReport', 'i.ItemStatus', 'i.AssignedTo_Id', 'i.CompletedDate', 'i.RejectionReason', 't.Description as ItemTypeDescription',
  'rg.Short as RegionShort', 'u.FirstName as AssigneeFirst', 'u.LastName as AssigneeLast',
] as const;

/** The joined columns an item answers inside its own objects (ItemType, Location, AssignedTo) or as DisplayId. */
const JOINED_ITEM_COLUMNS = ['DisplayOrder', 'ItemTypeDescription', 'RegionShort', 'AssigneeFirst', 'AssigneeLast'] as const satisfies readonly (keyof ItemRow)[];
type JoinedItemField = (typeof JOINED_ITEM_COLUMNS)[number];
const JOINED_ITEM_FIELDS: ReadonlySet<string> = new Set(JOINED_ITEM_COLUMNS);

interface ItemRow {
  Id: number;
  DisplayOrder: number;
  ItemType_Id: number;
  ItemTypeDescription: string | null;
  Label: string | null;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  RegionType_Id: number | null;
  RegionShort: string | null;
  PostalCode: string | null;
  ShowInReport: unknown;
  AssignedTo_Id: number | null;
  AssigneeFirst: string | null;
  AssigneeLast: string | null;
}

/**
 * Items as the API answers them (spec 001 §3 "Item"): DisplayId, the template, the location with its region, the
 * investigator, and whether each has attachments (one query for all of them); other fields of the rows pass through.
 */
export async function answerItems<R extends ItemRow>(db: Database, rows: readonly R[]) {
  const ids = rows.map((r) => r.Id);
  const withFiles = new Set(
    ids.length ? (await db.selectFrom('item_attachments').select('Item_Id').distinct().where('Item_Id', 'in', ids).execute()).map((a) => a.Item_Id) : [],
  );
  const fields = rows.length ? (fieldsBesides(rows[0], JOINED_ITEM_FIELDS) as Exclude<keyof R, JoinedItemField>[]) : [];
  return rows.map((row) =>
    Object.assign(rowFields(row, fields), {
      ShowInReport: Boolean(row.ShowInReport),
      DisplayId: row.DisplayOrder,
      ItemType: { Id: row.ItemType_Id, Description: row.ItemTypeDescription },
      Location: {
        Label: row.Label,
        Address1: row.Address1,
        Address2: row.Address2,
        City: row.City,
        Region: row.RegionType_Id ? { Id: row.RegionType_Id, Short: row.RegionShort } : null,
        PostalCode: row.PostalCode,
      },
      AssignedTo: row.AssignedTo_Id ? { Id: row.AssignedTo_Id, FirstName: row.AssigneeFirst, LastName: row.AssigneeLast } : null,
      HasAttachments: withFiles.has(row.Id),
    }),
  );
}

/**
 * The items of one case in their order (spec 001 §3 "Item"): template, location with region, investigator, status,
 * whether it has attachments — two queries whatever the count. An investigator gets only the items assigned to them.
 * `only` narrows to those items (the answer of a call that changed them).
 */
export async function itemsOfCase(db: Database, auth: AuthContext, caseId: number, statuses: readonly ItemStatus[] = [], only?: readonly number[]) {
  if (only && !only.length) return [];
  let query = db
    .selectFrom('items as i')
    .innerJoin('item_types as t', 't.Id', 'i.ItemType_Id')
    .leftJoin('type_items as rg', 'rg.Id', 'i.RegionType_Id')
    .leftJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
    .select(ITEM_FIELDS)
    .where('i.Case_Id', '=', caseId);
  if (statuses.length) query = query.where('i.ItemStatus', 'in', [...statuses]);
  if (only) query = query.where('i.Id', 'in', [...only]);
  if (!seesAllItems(auth)) query = query.where('i.AssignedTo_Id', '=', auth.userId);
  const rows = await query.orderBy('i.DisplayOrder').orderBy('i.Id').execute();
  return answerItems(db, rows);
}
