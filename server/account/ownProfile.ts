import { Tags } from '../../shared/permissions.js';
import { audit } from '../audit.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { utcDay } from '../identity/lockout.js';
import { checkChanges, normalizeChanges, type UserChanges } from '../identity/userInput.js';
import { loadUserRecord } from '../identity/userRecord.js';
import { writeUserChanges } from '../identity/userStore.js';

/** The own-account body (schemas/account.json). */
export type AccountBody = Pick<
  UserChanges,
  | 'FirstName' | 'MiddleName' | 'LastName' | 'Emails' | 'PhoneNumbers' | 'Addresses'
  | 'WorkStatusType_Id' | 'GeoRegionType_Id' | 'PINumber' | 'CredNumber' | 'Credentials' | 'Clearances'
>;

/** What users in a group tagged Employee may change of their own employment record (the rest is the admin's). */
const EMPLOYEE_FIELDS = ['WorkStatusType_Id', 'GeoRegionType_Id', 'PINumber', 'CredNumber', 'Credentials', 'Clearances'] as const;

/** The own account as GET /api/user answers it: the user record plus its primary address as `Address`. */
export async function ownAccount(db: Database, userId: number) {
  const record = await loadUserRecord(db, userId);
  if (!record) throw notFound();
  const primary = record.Addresses.find((a) => a.IsPrimary) ?? record.Addresses[0] ?? null;
  return { ...record, Address: primary };
}

/**
 * Saves the own profile: names, emails, phones and addresses for everyone; employment settings, credentials and
 * clearances only for employees (ignored for others). Username, org, groups, lock and admin notes never change here.
 */
export async function updateOwnProfile(db: Database, auth: AuthContext, body: AccountBody, now: Date): Promise<void> {
  const allowed: AccountBody = { ...body };
  if (!auth.tags.has(Tags.EMPLOYEE)) for (const field of EMPLOYEE_FIELDS) delete allowed[field];
  const changes = normalizeChanges<UserChanges>(allowed);
  await checkChanges(db, changes, { userId: auth.userId, allowedOrgIds: null, today: utcDay(now) });
  await db.transaction().execute(async (trx) => {
    await writeUserChanges(trx, auth.userId, changes, now);
    await audit(trx, { userId: auth.userId, entity: 'users', entityId: auth.userId, action: 'update-own-account', changes });
  });
}
