import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { primaryEmail, type UserChanges } from './userInput.js';

/** How each sub-list of a user is stored: its table and the columns a client may write. */
const SUB_LISTS = {
  Emails: { table: 'user_emails', columns: ['Address', 'EmailType_Id', 'IsPrimary'] },
  PhoneNumbers: { table: 'user_phones', columns: ['Number', 'PhoneNumberType_Id', 'IsPrimary'] },
  Addresses: {
    table: 'user_addresses',
    columns: ['AddressType_Id', 'Line1', 'Line2', 'City', 'RegionType_Id', 'PostalCode', 'IsPrimary'],
  },
  Credentials: { table: 'user_credentials', columns: ['CredentialType_Id', 'License', 'RegionType_Id', 'Expiration'] },
  Clearances: { table: 'user_clearances', columns: ['ClearanceType_Id', 'LastInvestigation', 'OrgCode'] },
} as const;

type SubListName = keyof typeof SUB_LISTS;
type Entry = { Id?: number | null } & object;

/** The sub-list tables share one shape (Id, User_Id, columns); this view of them lets one function serve all. */
type SubListDB = Record<string, { Id: number; User_Id: number } & Record<string, unknown>>;

/** The user-table columns that UserChanges carries one to one. */
const USER_COLUMNS = [
  'FirstName', 'MiddleName', 'LastName', 'Org_Id', 'WorkStatusType_Id', 'EmploymentStatusType_Id', 'GeoRegionType_Id',
  'Manager_Id', 'Title', 'PINumber', 'CredNumber', 'Notes',
] as const;

function pickColumns(entry: Entry, columns: readonly string[]): Record<string, unknown> {
  const values = entry as Record<string, unknown>;
  return Object.fromEntries(columns.map((column) => [column, values[column] ?? (column === 'IsPrimary' ? false : null)]));
}

/**
 * Replaces a user's sub-list with the sent entries: entries whose Id is one of the user's rows update that row
 * (so ids stay stable), the others are inserted, and rows not sent are deleted. Ids of other users' rows are
 * treated as new entries, never touched.
 */
async function replaceSubList(trx: Kysely<DB>, name: SubListName, userId: number, entries: readonly Entry[]): Promise<void> {
  const { table, columns } = SUB_LISTS[name];
  const db = trx as unknown as Kysely<SubListDB>;
  const existing = new Set((await db.selectFrom(table).select('Id').where('User_Id', '=', userId).execute()).map((r) => r.Id));
  const kept = entries.filter((e) => e.Id != null && existing.has(e.Id));
  const added = entries.filter((e) => !(e.Id != null && existing.has(e.Id)));
  const keptIds = kept.map((e) => e.Id as number);

  let removal = db.deleteFrom(table).where('User_Id', '=', userId);
  if (keptIds.length) removal = removal.where('Id', 'not in', keptIds);
  await removal.execute();
  for (const entry of kept) {
    await db.updateTable(table).set(pickColumns(entry, columns)).where('Id', '=', entry.Id as number).execute();
  }
  if (added.length) {
    await db.insertInto(table).values(added.map((e) => ({ User_Id: userId, ...pickColumns(e, columns) }))).execute();
  }
}

async function replaceLinks(
  trx: Kysely<DB>,
  table: 'user_groups' | 'user_contract_types',
  userId: number,
  ids: readonly number[],
): Promise<void> {
  await trx.deleteFrom(table).where('User_Id', '=', userId).execute();
  if (!ids.length) return;
  if (table === 'user_groups') {
    await trx.insertInto(table).values(ids.map((Group_Id) => ({ User_Id: userId, Group_Id }))).execute();
  } else {
    await trx.insertInto(table).values(ids.map((ContractType_Id) => ({ User_Id: userId, ContractType_Id }))).execute();
  }
}

/**
 * Writes normalized, checked changes to a user in the caller's transaction: the user row (users.Email follows the
 * primary email), group and contract-type links, and every sub-list that was sent.
 */
export async function writeUserChanges(trx: Kysely<DB>, userId: number, changes: UserChanges, now: Date): Promise<void> {
  const row: Record<string, unknown> = { UpdatedDate: now };
  for (const column of USER_COLUMNS) if (changes[column] !== undefined) row[column] = changes[column];
  if (changes.Emails) row.Email = primaryEmail(changes);
  await trx.updateTable('users').set(row).where('Id', '=', userId).execute();

  if (changes.GroupIds) await replaceLinks(trx, 'user_groups', userId, changes.GroupIds);
  if (changes.ContractTypeIds) await replaceLinks(trx, 'user_contract_types', userId, changes.ContractTypeIds);
  for (const name of Object.keys(SUB_LISTS) as SubListName[]) {
    const entries = changes[name];
    if (entries) await replaceSubList(trx, name, userId, entries);
  }
}
