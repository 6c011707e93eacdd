import { callOperation } from './operations.js';
import type { Writable } from '../shared/api/records.js';
import type { User } from '../schemas/types.js';

export type { Group, PartnerFile, UserRecord, UserRow, UsersPage, UsersQuery } from '../shared/api/identity.js';

/** Sub-list entries as the forms edit and save them: a new one has no Id yet (schemas/user.json `$defs`). */
export type { UserAddress, UserClearance, UserCredential, UserEmail, UserPhoneNumber as UserPhone } from '../schemas/types.js';

/** What a save sends: the writable fields of schemas/user.json (its sub-lists and the chosen groups among them). */
export type UserSave = Partial<Writable<User>>;

/** The one identity call made of two operations: resend verification (spec 000 §7). */
export const identityMethods = {
  /** Resend verification: the anonymous mail call, then the users contract's follow-up that deactivates until confirmed. */
  resendVerification: async (id: number, LockUntil: string | null, LockForever: boolean) => {
    await callOperation('account', 'resendConfirmation', { UserId: id });
    return callOperation('users', 'resendMail', id, { LockUntil, LockForever });
  },
};
