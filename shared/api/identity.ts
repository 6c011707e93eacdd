/**
 * The identity entities as the API answers them (spec 000 §7) and the bodies it takes, from the types generated
 * from their schemas (schemas/types.ts). Moments are ISO text; the server builds them as `Date`s (`WithDates`).
 */
import type * as Schema from '../../schemas/types.js';
import type { Complete, Stored } from './records.js';

/** The body of POST /api/identity/users as the server reads it (schemas/usersQuery.json, its defaults filled in). */
export type UsersQuery = Complete<Schema.UsersQuery>;

/** The stored entries of a user's sub-lists (schemas/user.json `$defs`). */
export type UserEmail = Stored<Schema.UserEmail>;
export type UserPhone = Stored<Schema.UserPhoneNumber>;
export type UserAddress = Stored<Schema.UserAddress>;
export type UserCredential = Stored<Schema.UserCredential>;
export type UserClearance = Stored<Schema.UserClearance>;

interface SubLists {
  Emails: UserEmail;
  PhoneNumbers: UserPhone;
  Addresses: UserAddress;
  Credentials: UserCredential;
  Clearances: UserClearance;
}

/**
 * The full user record (schemas/user.json; the admin view, also the base of the own-account view), never with the
 * password hash. It answers the user's groups as Groups (GroupIds is what a save sends); a stored user may have no
 * org yet.
 */
export type UserRecord = Complete<Omit<Schema.User, 'GroupIds' | 'Org_Id' | keyof SubLists>> & {
  Org_Id: number | null;
} & { [K in keyof SubLists]: SubLists[K][] };

/** A row of the users table: the record's main fields, its groups without their tags. */
export type UserRow = Pick<
  UserRecord,
  | 'Id' | 'UserName' | 'FirstName' | 'MiddleName' | 'LastName' | 'Email' | 'EmailConfirmed' | 'Org_Id' | 'Org'
  | 'WorkStatusType_Id' | 'WorkStatus' | 'LockoutEndDateUtc'
> & { Groups: Omit<UserRecord['Groups'][number], 'Tags'>[] };

/** One page of the users table (the answer of POST /api/identity/users); beyond the count bound `total` is an estimate. */
export interface UsersPage {
  users: UserRow[];
  pageCount: number;
  total: number;
  totalIsExact: boolean;
}

/** A group with its role ids and tags (schemas/group.json). */
export type Group = Complete<Schema.Group>;

/** A file of the partner file tool as answered (schemas/partnerFile.json; FilePath is what a request sends). */
export type PartnerFile = Complete<Omit<Schema.PartnerFile, 'FilePath'>>;
