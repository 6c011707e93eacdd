import { Limits } from '../../shared/constants.js';
import { formatLockDate, isoDay } from '../../shared/format.js';
import { Tags } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import type { ErrorBody, ModelState } from '../../dataProvider/httpClient.js';
import type { Group, UserAddress, UserClearance, UserCredential, UserEmail, UserPhone, UserRecord, UserSave } from '../../dataProvider/identity.js';

const T = Texts.identity.users;
const S = Texts.identity.screens;

export type { ModelState };

export const USERS_QUERY_KEY = ['dossier', 'identity', 'users'] as const;
export const GROUPS_QUERY_KEY = ['dossier', 'identity', 'groups'] as const;
export const ROLES_QUERY_KEY = ['dossier', 'identity', 'roles'] as const;
export const CATEGORIES_QUERY_KEY = ['dossier', 'identity', 'categories'] as const;

/** The user being edited: the record's fields plus the chosen groups. */
export interface UserDraft {
  Id?: number;
  UserName: string;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  Title: string | null;
  Org_Id: number | null;
  Org: UserRecord['Org'];
  GroupIds: number[];
  WorkStatusType_Id: number | null;
  EmploymentStatusType_Id: number | null;
  GeoRegionType_Id: number | null;
  Manager_Id: number | null;
  Manager: UserRecord['Manager'];
  PINumber: string | null;
  CredNumber: string | null;
  ContractTypeIds: number[];
  Notes: string | null;
  Emails: UserEmail[];
  PhoneNumbers: UserPhone[];
  Addresses: UserAddress[];
  Credentials: NewableCredential[];
  Clearances: NewableClearance[];
}

/** Credentials and clearances being typed may still miss their type or state. */
export type NewableCredential = Omit<UserCredential, 'CredentialType_Id' | 'RegionType_Id'> & { CredentialType_Id: number | null; RegionType_Id: number | null };
export type NewableClearance = Omit<UserClearance, 'ClearanceType_Id'> & { ClearanceType_Id: number | null };

export const emptyDraft = (groupIds: number[] = []): UserDraft => ({
  UserName: '',
  FirstName: '',
  MiddleName: null,
  LastName: '',
  Title: null,
  Org_Id: null,
  Org: null,
  GroupIds: groupIds,
  WorkStatusType_Id: null,
  EmploymentStatusType_Id: null,
  GeoRegionType_Id: null,
  Manager_Id: null,
  Manager: null,
  PINumber: null,
  CredNumber: null,
  ContractTypeIds: [],
  Notes: null,
  Emails: [],
  PhoneNumbers: [],
  Addresses: [],
  Credentials: [],
  Clearances: [],
});

export function draftOf(record: UserRecord): UserDraft {
  return {
    Id: record.Id,
    UserName: record.UserName,
    FirstName: record.FirstName ?? '',
    MiddleName: record.MiddleName,
    LastName: record.LastName ?? '',
    Title: record.Title,
    Org_Id: record.Org_Id,
    Org: record.Org,
    GroupIds: (record.Groups ?? []).map((g) => g.Id),
    WorkStatusType_Id: record.WorkStatusType_Id,
    EmploymentStatusType_Id: record.EmploymentStatusType_Id,
    GeoRegionType_Id: record.GeoRegionType_Id,
    Manager_Id: record.Manager_Id,
    Manager: record.Manager,
    PINumber: record.PINumber,
    CredNumber: record.CredNumber,
    ContractTypeIds: record.ContractTypeIds ?? [],
    Notes: record.Notes,
    Emails: record.Emails ?? [],
    PhoneNumbers: record.PhoneNumbers ?? [],
    Addresses: record.Addresses ?? [],
    Credentials: record.Credentials ?? [],
    Clearances: record.Clearances ?? [],
  };
}

/** True when one of the groups carries the Employee tag (settings, credentials and clearances apply). */
export function hasEmployeeTag(groups: readonly { Tags?: readonly { Name: string }[] }[]): boolean {
  return groups.some((g) => (g.Tags ?? []).some((t) => t.Name === Tags.EMPLOYEE));
}

export const fullName = (u: { FirstName?: string | null; LastName?: string | null }) => `${u.FirstName ?? ''} ${u.LastName ?? ''}`.trim();

const blank = (value: string | null | undefined) => !value || !value.trim();
const add = (state: ModelState, key: string, message: string) => {
  (state[key] ??= []).push(message);
};

/**
 * The client's checks before a save (spec 000 §5), keyed as the server keys ModelState so both show under the same
 * fields. Emails with an empty address are dropped on save, so only a list without any address fails.
 */
export function validateDraft(draft: UserDraft, { mode, employment, today = new Date() }: { mode: 'create' | 'edit' | 'own'; employment: boolean; today?: Date }): ModelState {
  const errors: ModelState = {};
  if (mode === 'create' && blank(draft.UserName)) add(errors, 'UserName', S.required('Username'));
  if (mode !== 'own' && !draft.Org_Id) add(errors, 'Org_Id', T.chooseOrganization);
  if (blank(draft.FirstName)) add(errors, 'FirstName', S.required('First Name'));
  if (blank(draft.LastName)) add(errors, 'LastName', S.required('Last Name'));
  if (!draft.Emails.some((e) => !blank(e.Address))) add(errors, 'Emails', T.needsEmail);
  draft.PhoneNumbers.forEach((p, i) => {
    if (blank(p.Number)) add(errors, `PhoneNumbers[${i}].Number`, S.required('Phone Number'));
  });
  draft.Addresses.forEach((a, i) => {
    if (blank(a.City)) add(errors, `Addresses[${i}].City`, S.required('City'));
    if (blank(a.PostalCode)) add(errors, `Addresses[${i}].PostalCode`, S.required('Postal Code'));
  });
  if (employment) {
    draft.Credentials.forEach((c, i) => {
      if (!c.CredentialType_Id) add(errors, `Credentials[${i}].CredentialType_Id`, S.required('Type'));
      if (blank(c.License)) add(errors, `Credentials[${i}].License`, S.required('License Number'));
      if (!c.RegionType_Id) add(errors, `Credentials[${i}].RegionType_Id`, S.required('State'));
      if (!c.Expiration) add(errors, `Credentials[${i}].Expiration`, S.required('Expiration'));
    });
    const day = isoDay(today);
    draft.Clearances.forEach((c, i) => {
      if (!c.ClearanceType_Id) add(errors, `Clearances[${i}].ClearanceType_Id`, S.required('Type'));
      if (!c.LastInvestigation) add(errors, `Clearances[${i}].LastInvestigation`, S.required('Last Investigation'));
      else if (c.LastInvestigation.slice(0, 10) > day) add(errors, `Clearances[${i}].LastInvestigation`, T.lastInvestigationInFuture);
      if (blank(c.OrgCode)) add(errors, `Clearances[${i}].OrgCode`, S.required('Organization'));
    });
  }
  return errors;
}

/** Exactly one primary: the flagged one, otherwise the first. */
function onePrimary<E extends { IsPrimary: boolean }>(entries: E[]): E[] {
  const flagged = Math.max(0, entries.findIndex((e) => e.IsPrimary));
  return entries.map((e, i) => ({ ...e, IsPrimary: i === flagged }));
}

const trimOrNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * What a save sends, and how the sent emails map back to the rows on screen (emails with an empty address are
 * dropped, so the server's `Emails[i]` is not always the i-th row).
 */
export function toSave(draft: UserDraft, { mode, employment }: { mode: 'create' | 'edit' | 'own'; employment: boolean }): { body: UserSave; emailRows: number[] } {
  const emailRows = draft.Emails.map((e, i) => (blank(e.Address) ? -1 : i)).filter((i) => i >= 0);
  const emails = onePrimary(emailRows.map((i) => ({ ...draft.Emails[i], Address: draft.Emails[i].Address.trim() })));
  const body: UserSave = {
    FirstName: draft.FirstName.trim(),
    MiddleName: trimOrNull(draft.MiddleName),
    LastName: draft.LastName.trim(),
    Emails: emails,
    PhoneNumbers: draft.PhoneNumbers.length ? onePrimary(draft.PhoneNumbers.map((p) => ({ ...p, Number: p.Number.trim() }))) : [],
    Addresses: draft.Addresses.length ? onePrimary(draft.Addresses) : [],
  };
  if (mode !== 'own') {
    if (mode === 'create') body.UserName = draft.UserName.trim();
    body.Org_Id = draft.Org_Id;
    body.Title = trimOrNull(draft.Title);
    body.GroupIds = draft.GroupIds;
  }
  if (employment) {
    body.WorkStatusType_Id = draft.WorkStatusType_Id;
    body.GeoRegionType_Id = draft.GeoRegionType_Id;
    body.PINumber = trimOrNull(draft.PINumber);
    body.CredNumber = trimOrNull(draft.CredNumber);
    body.Credentials = draft.Credentials as UserCredential[];
    body.Clearances = draft.Clearances as UserClearance[];
    if (mode !== 'own') {
      body.EmploymentStatusType_Id = draft.EmploymentStatusType_Id;
      body.Manager_Id = draft.Manager_Id;
      body.ContractTypeIds = draft.ContractTypeIds;
      body.Notes = trimOrNull(draft.Notes);
    }
  }
  return { body, emailRows };
}

/** The server's ModelState with `Emails[i]` keys moved back to the rows they came from. */
export function remapEmailErrors(modelState: ModelState, emailRows: number[]): ModelState {
  const mapped: ModelState = {};
  for (const [key, messages] of Object.entries(modelState)) {
    const match = /^Emails\[(\d+)\](.*)$/.exec(key);
    const target = match ? `Emails[${emailRows[Number(match[1])] ?? match[1]}]${match[2]}` : key;
    mapped[target] = [...(mapped[target] ?? []), ...messages];
  }
  return mapped;
}

export { failureOf, uniqueMessages, type Failure } from '../../dataProvider/httpClient.js';

/** The server's Message of a failed call, or the fallback. */
export const serverMessage = (error: unknown, fallback: string) => (error as { body?: ErrorBody })?.body?.Message ?? fallback;

/** Whether the account is deactivated now (LockoutEndDateUtc in the future). */
export function isLocked(lockoutEnd: string | null | undefined, now = new Date()): boolean {
  return Boolean(lockoutEnd) && new Date(lockoutEnd!).getTime() > now.getTime();
}

/** A lock more than 50 years ahead counts as forever. */
export function isForever(lockoutEnd: string | null | undefined, now = new Date()): boolean {
  if (!lockoutEnd) return false;
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() + Limits.LOCK_FOREVER_YEARS);
  return new Date(lockoutEnd).getTime() > limit.getTime();
}

/** "Forever", or the lock's end as month name, day, year. */
export function lockEndLabel(lockoutEnd: string | null | undefined, now = new Date()): string {
  return isForever(lockoutEnd, now) ? T.forever : formatLockDate(lockoutEnd);
}

/** The first item of a lookup list (lowest id): the default type of new sub-entries. */
export function defaultTypeId(items: readonly { Id: number }[]): number | null {
  return items.length ? Math.min(...items.map((i) => i.Id)) : null;
}

/** Groups that carry the Employee tag among the chosen ids. */
export function chosenGroups(groups: readonly Group[], ids: readonly number[]): Group[] {
  return groups.filter((g) => ids.includes(g.Id));
}

/** Messages for one field, including those of its sub-fields when asked (`Emails` also shows `Emails[0]`). */
export function errorsFor(errors: ModelState, key: string): string | undefined {
  const messages = errors[key];
  return messages?.length ? messages.join(' ') : undefined;
}
