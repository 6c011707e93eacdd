import type { User } from '../../schemas/types.js';
import type { Writable } from '../../shared/api/records.js';
import { ruleFailures } from '../../shared/schemaValidation.js';
import { Texts } from '../../shared/texts/index.js';
import { UsPhone } from '../../shared/validationMessages.js';
import type { Database } from '../db/database.js';
import { ModelStateBuilder } from '../http/errors.js';

/**
 * Changes to a user: every writable field of schemas/user.json optional (absent means "leave as it is"), except that
 * a sent sub-list replaces the stored one; never the username. The admin body (schemas/user.json) and the
 * own-account body (schemas/account.json) both map to it.
 */
export type UserChanges = Partial<Omit<Writable<User>, 'UserName'>>;

const trimmed = (value: string | null | undefined): string | null | undefined =>
  typeof value === 'string' ? value.trim() || null : value;

/** Exactly one entry is primary when the list has any: the first one flagged, otherwise the first. */
function withOnePrimary<T extends { IsPrimary?: boolean }>(entries: readonly T[]): T[] {
  const primary = Math.max(0, entries.findIndex((e) => e.IsPrimary));
  return entries.map((entry, index) => ({ ...entry, IsPrimary: index === primary }));
}

/**
 * Tidies a body before it is checked and stored: trims text, drops emails without an address, writes US phone
 * numbers as 555-123-4567, and settles which email, phone and address is primary.
 */
export function normalizeChanges<T extends UserChanges>(body: T): T {
  const out: UserChanges = { ...body };
  for (const key of ['FirstName', 'LastName'] as const) if (typeof out[key] === 'string') out[key] = out[key].trim();
  for (const key of ['MiddleName', 'Title', 'PINumber', 'CredNumber', 'Notes'] as const) {
    if (out[key] !== undefined) out[key] = trimmed(out[key]);
  }
  if (out.Emails) {
    out.Emails = withOnePrimary(
      out.Emails.map((e) => ({ ...e, Address: (e.Address ?? '').trim() })).filter((e) => e.Address !== ''),
    );
  }
  if (out.PhoneNumbers) {
    out.PhoneNumbers = withOnePrimary(out.PhoneNumbers.map((p) => ({ ...p, Number: UsPhone.format(p.Number) ?? p.Number.trim() })));
  }
  if (out.Addresses) {
    out.Addresses = withOnePrimary(
      out.Addresses.map((a) => ({ ...a, Line1: trimmed(a.Line1), Line2: trimmed(a.Line2), City: a.City.trim(), PostalCode: a.PostalCode.trim() })),
    );
  }
  if (out.Credentials) out.Credentials = out.Credentials.map((c) => ({ ...c, License: c.License.trim() }));
  if (out.Clearances) out.Clearances = out.Clearances.map((c) => ({ ...c, OrgCode: c.OrgCode.trim() }));
  if (out.ContractTypeIds) out.ContractTypeIds = [...new Set(out.ContractTypeIds)];
  if (out.GroupIds) out.GroupIds = [...new Set(out.GroupIds)];
  return out as T;
}

/** The primary email address of normalized changes (null when the list is empty). */
export const primaryEmail = (changes: UserChanges): string | null =>
  changes.Emails?.find((e) => e.IsPrimary)?.Address ?? null;

interface LookupRef {
  field: string;
  label: string;
  list: string;
  id: number | null | undefined;
}

/** Every lookup-list id the changes refer to, with the field ModelState reports it under. */
function lookupRefs(changes: UserChanges): LookupRef[] {
  const refs: LookupRef[] = [
    { field: 'WorkStatusType_Id', label: 'Work Status', list: 'WorkStatusType', id: changes.WorkStatusType_Id },
    { field: 'EmploymentStatusType_Id', label: 'Employment Status', list: 'EmploymentStatusType', id: changes.EmploymentStatusType_Id },
    { field: 'GeoRegionType_Id', label: 'Geo Region', list: 'GeoRegionType', id: changes.GeoRegionType_Id },
  ];
  changes.ContractTypeIds?.forEach((id) => refs.push({ field: 'ContractTypeIds', label: 'Contract type', list: 'ContractType', id }));
  changes.Emails?.forEach((e, i) => refs.push({ field: `Emails[${i}].EmailType_Id`, label: 'Type', list: 'EmailType', id: e.EmailType_Id }));
  changes.PhoneNumbers?.forEach((p, i) =>
    refs.push({ field: `PhoneNumbers[${i}].PhoneNumberType_Id`, label: 'Type', list: 'PhoneNumberType', id: p.PhoneNumberType_Id }),
  );
  changes.Addresses?.forEach((a, i) => {
    refs.push({ field: `Addresses[${i}].AddressType_Id`, label: 'Type', list: 'AddressType', id: a.AddressType_Id });
    refs.push({ field: `Addresses[${i}].RegionType_Id`, label: 'State', list: 'RegionType', id: a.RegionType_Id });
  });
  changes.Credentials?.forEach((c, i) => {
    refs.push({ field: `Credentials[${i}].CredentialType_Id`, label: 'Credential type', list: 'CredentialType', id: c.CredentialType_Id });
    refs.push({ field: `Credentials[${i}].RegionType_Id`, label: 'State', list: 'RegionType', id: c.RegionType_Id });
  });
  changes.Clearances?.forEach((c, i) =>
    refs.push({ field: `Clearances[${i}].ClearanceType_Id`, label: 'Clearance type', list: 'ClearanceType', id: c.ClearanceType_Id }),
  );
  return refs.filter((r) => r.id !== null && r.id !== undefined);
}

export interface CheckOptions {
  /** The schema of the body the changes came from, whose rule keywords they must keep. */
  schema: 'user.json' | 'account.json';
  /** The user being changed (null when creating): a user cannot be their own manager. */
  userId: number | null;
  /** Orgs the caller may assign; null means any. */
  allowedOrgIds: ReadonlySet<number> | null;
  /** The server's day (UTC), against which the schema's `x-notFuture` dates are checked. */
  today: string;
}

/**
 * The rules of the user record beyond the schema's plain keywords, into one ModelState (throws when any fails): the
 * schema's rule keywords on the tidied changes (shared/schemaValidation.ts `ruleFailures`: at least one email once
 * blank ones are dropped, US phone numbers, no future last investigation on the server's day), and what only the
 * database knows: every referenced id (lookup items, org within the caller's scope, manager, groups) exists.
 */
export async function checkChanges(db: Database, changes: UserChanges, options: CheckOptions): Promise<void> {
  const errors = new ModelStateBuilder();
  for (const [field, messages] of Object.entries(ruleFailures(options.schema, changes, options.today))) {
    for (const message of messages) errors.add(field, message);
  }

  const refs = lookupRefs(changes);
  const ids = [...new Set(refs.map((r) => r.id as number))];
  const items = ids.length
    ? await db.selectFrom('type_items').select(['Id', 'TableName']).where('Id', 'in', ids).execute()
    : [];
  const listOf = new Map(items.map((item) => [item.Id, item.TableName]));
  for (const ref of refs) {
    if (listOf.get(ref.id as number) !== ref.list) errors.add(ref.field, Texts.identity.users.notAChoice(ref.label));
  }

  if (changes.Org_Id !== undefined) {
    const org = await db.selectFrom('orgs').select('Id').where('Id', '=', changes.Org_Id).executeTakeFirst();
    const allowed = !options.allowedOrgIds || options.allowedOrgIds.has(changes.Org_Id);
    if (!org || !allowed) errors.add('Org_Id', Texts.identity.users.chooseOrganization);
  }
  if (changes.Manager_Id != null) {
    const manager = await db.selectFrom('users').select('Id').where('Id', '=', changes.Manager_Id).executeTakeFirst();
    if (!manager || changes.Manager_Id === options.userId) errors.add('Manager_Id', Texts.identity.users.notAChoice('Manager'));
  }
  if (changes.GroupIds?.length) {
    const found = await db.selectFrom('groups').select('Id').where('Id', 'in', changes.GroupIds).execute();
    if (found.length !== changes.GroupIds.length) errors.add('GroupIds', Texts.identity.users.notAChoice('Group'));
  }
  errors.throwIfInvalid();
}
