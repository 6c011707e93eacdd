import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { ModelStateBuilder } from '../http/errors.js';

/** The sub-lists of a user as the API sends them (schemas/user.json `$defs`). */
export interface EmailInput {
  Id?: number | null;
  Address: string;
  EmailType_Id?: number | null;
  IsPrimary?: boolean;
}
export interface PhoneInput {
  Id?: number | null;
  Number: string;
  PhoneNumberType_Id?: number | null;
  IsPrimary?: boolean;
}
export interface AddressInput {
  Id?: number | null;
  AddressType_Id?: number | null;
  Line1?: string | null;
  Line2?: string | null;
  City: string;
  RegionType_Id?: number | null;
  PostalCode: string;
  IsPrimary?: boolean;
}
export interface CredentialInput {
  Id?: number | null;
  CredentialType_Id: number;
  License: string;
  RegionType_Id: number;
  Expiration: string;
}
export interface ClearanceInput {
  Id?: number | null;
  ClearanceType_Id: number;
  LastInvestigation: string;
  OrgCode: string;
}

/**
 * Changes to a user: every field optional (absent means "leave as it is"), except that a sent sub-list replaces
 * the stored one. The admin body (schemas/user.json) and the own-account body (schemas/account.json) both map to it.
 */
export interface UserChanges {
  FirstName?: string;
  MiddleName?: string | null;
  LastName?: string;
  Org_Id?: number;
  WorkStatusType_Id?: number | null;
  EmploymentStatusType_Id?: number | null;
  GeoRegionType_Id?: number | null;
  Manager_Id?: number | null;
  Title?: string | null;
  PINumber?: string | null;
  CredNumber?: string | null;
  Notes?: string | null;
  ContractTypeIds?: number[];
  GroupIds?: number[];
  Emails?: EmailInput[];
  PhoneNumbers?: PhoneInput[];
  Addresses?: AddressInput[];
  Credentials?: CredentialInput[];
  Clearances?: ClearanceInput[];
}

/** The admin body: a user record (schemas/user.json; userCreate.json adds the username). */
export interface UserBody extends UserChanges {
  UserName?: string;
  FirstName: string;
  LastName: string;
  Org_Id: number;
  Emails: EmailInput[];
}

const trimmed = (value: string | null | undefined): string | null | undefined =>
  typeof value === 'string' ? value.trim() || null : value;

/** Exactly one entry is primary when the list has any: the first one flagged, otherwise the first. */
function withOnePrimary<T extends { IsPrimary?: boolean }>(entries: readonly T[]): T[] {
  const primary = Math.max(0, entries.findIndex((e) => e.IsPrimary));
  return entries.map((entry, index) => ({ ...entry, IsPrimary: index === primary }));
}

/**
 * Tidies a body before it is checked and stored: trims text, drops emails without an address, and settles which
 * email, phone and address is primary.
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
  if (out.PhoneNumbers) out.PhoneNumbers = withOnePrimary(out.PhoneNumbers.map((p) => ({ ...p, Number: p.Number.trim() })));
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
  /** The user being changed (null when creating): a user cannot be their own manager. */
  userId: number | null;
  /** Orgs the caller may assign; null means any. */
  allowedOrgIds: ReadonlySet<number> | null;
  today: string;
}

/**
 * The rules JSON Schema cannot express: at least one email once empty ones are dropped, no future last
 * investigation, and every referenced id (lookup items, org, manager, groups) existing. Collects everything into
 * one ModelState; throws when any rule fails.
 */
export async function checkChanges(db: Database, changes: UserChanges, options: CheckOptions): Promise<void> {
  const errors = new ModelStateBuilder();
  if (changes.Emails && changes.Emails.length === 0) errors.add('Emails', Texts.identity.users.needsEmail);
  changes.Clearances?.forEach((c, i) => {
    if (c.LastInvestigation > options.today) errors.add(`Clearances[${i}].LastInvestigation`, Texts.identity.users.lastInvestigationInFuture);
  });

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
