import type { Account } from '../../schemas/types.js';
import { Tags } from '../../shared/permissions.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { utcDay } from '../identity/lockout.js';
import { checkChanges, normalizeChanges, type UserChanges } from '../identity/userInput.js';
import { loadUserRecord } from '../identity/userRecord.js';
import { writeUserChanges } from '../identity/userStore.js';

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
 * The changes of the own profile a user may make: names, emails, phones and addresses for everyone; employment
 * settings, credentials and clearances only for employees (ignored for others). Username, org, groups, lock and
 * admin notes never change here.
 */
function ownChanges(auth: AuthContext, body: Account): UserChanges {
  const allowed: Account = { ...body };
  if (!auth.tags.has(Tags.EMPLOYEE)) for (const field of EMPLOYEE_FIELDS) delete allowed[field];
  return normalizeChanges<UserChanges>(allowed);
}

/** Refuses an own-profile change that breaks a rule of the user record (ModelState). */
export async function checkOwnProfile(db: Database, auth: AuthContext, body: Account, now: Date): Promise<void> {
  await checkChanges(db, ownChanges(auth, body), { schema: 'account.json', userId: auth.userId, allowedOrgIds: null, today: utcDay(now) });
}

/** Stores the own profile (inside the caller's transaction). */
export async function writeOwnProfile(db: Database, auth: AuthContext, body: Account, now: Date): Promise<void> {
  await writeUserChanges(db, auth.userId, ownChanges(auth, body), now);
}
