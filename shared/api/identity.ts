/**
 * The identity entities as the API answers them (spec 000 §7), shared by the server (which fills them with
 * `Date`s) and the client (which receives ISO strings): `D` is the type of a moment.
 */

export interface NamedRef {
  Id: number;
  Name: string;
}

export interface OrgRef extends NamedRef {
  Code: string | null;
}

export interface LookupRef {
  Id: number;
  Short: string;
  Description: string | null;
}

/** Columns the users table sorts and filters by (schemas/usersQuery.json). */
export type UserColumn = 'UserName' | 'FirstName' | 'LastName' | 'Email' | 'Organization';

/** The body of POST /api/identity/users. */
export interface UsersQuery {
  pageSize: number;
  page: number;
  sorted: { id: UserColumn; desc?: boolean }[];
  filtered: { id: UserColumn; value: string }[];
  additional: { OrgIds: number[]; GroupIds: number[]; HideIDSUsers: boolean; Active: boolean; Inactive: boolean };
}

/** The fields a users-table row and the full record share. */
interface UserBase<D> {
  Id: number;
  UserName: string;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  Email: string | null;
  EmailConfirmed: boolean;
  Org_Id: number | null;
  Org: OrgRef | null;
  WorkStatusType_Id: number | null;
  WorkStatus: LookupRef | null;
  LockoutEndDateUtc: D | null;
}

/** A row of the users table. */
export interface UserRow<D = string> extends UserBase<D> {
  Groups: NamedRef[];
}

/** One page of the users table; beyond the count bound `total` is an estimate. */
export interface UsersPage<D = string> {
  users: UserRow<D>[];
  pageCount: number;
  total: number;
  totalIsExact: boolean;
}

export interface UserEmail {
  Id: number;
  Address: string;
  EmailType_Id: number | null;
  IsPrimary: boolean;
}

export interface UserPhone {
  Id: number;
  Number: string;
  PhoneNumberType_Id: number | null;
  IsPrimary: boolean;
}

export interface UserAddress {
  Id: number;
  AddressType_Id: number | null;
  Line1: string | null;
  Line2: string | null;
  City: string;
  RegionType_Id: number | null;
  PostalCode: string;
  IsPrimary: boolean;
}

export interface UserCredential {
  Id: number;
  CredentialType_Id: number;
  License: string;
  RegionType_Id: number;
  /** A calendar day, YYYY-MM-DD. */
  Expiration: string | null;
}

export interface UserClearance {
  Id: number;
  ClearanceType_Id: number;
  /** A calendar day, YYYY-MM-DD. */
  LastInvestigation: string | null;
  OrgCode: string;
}

/** The full user record (admin view, also the base of the own-account view). Never carries the password hash. */
export interface UserRecord<D = string> extends UserBase<D> {
  EmploymentStatusType_Id: number | null;
  GeoRegionType_Id: number | null;
  Manager_Id: number | null;
  Manager: { Id: number; FirstName: string; LastName: string } | null;
  Title: string | null;
  PINumber: string | null;
  CredNumber: string | null;
  Notes: string | null;
  ContractTypeIds: number[];
  ContractTypes: LookupRef[];
  Groups: (NamedRef & { Tags: NamedRef[] })[];
  Emails: UserEmail[];
  PhoneNumbers: UserPhone[];
  Addresses: UserAddress[];
  Credentials: UserCredential[];
  Clearances: UserClearance[];
}

export interface Group {
  Id: number;
  Name: string;
  Description: string | null;
  /** Role ids. */
  Roles: number[];
  Tags: NamedRef[];
}

/** A file of the partner file tool. */
export interface PartnerFile {
  Name: string;
  CreationTime: string;
  FullName: string;
}
