import type { CreatedAt, Day, Flag, Id, NullableTimestamp, Timestamp } from './columns.js';

/** Roles, groups, tags and the user record with its sub-lists and tokens (docs/data-model.md, "Identity"). */

export interface RolesTable {
  Id: Id;
  Name: string;
  Key: string;
  Category: string;
}

export interface TagsTable {
  Id: Id;
  Name: string;
}

export interface GroupsTable {
  Id: Id;
  Name: string;
  Description: string | null;
}

export interface GroupRolesTable {
  Group_Id: number;
  Role_Id: number;
}

export interface GroupTagsTable {
  Group_Id: number;
  Tag_Id: number;
}

export interface UsersTable {
  Id: Id;
  UserName: string;
  PasswordHash: string | null;
  PasswordChangedDate: CreatedAt;
  Email: string | null;
  EmailConfirmed: Flag;
  FirstName: string;
  MiddleName: string | null;
  LastName: string;
  Org_Id: number | null;
  WorkStatusType_Id: number | null;
  EmploymentStatusType_Id: number | null;
  GeoRegionType_Id: number | null;
  Manager_Id: number | null;
  Title: string | null;
  PINumber: string | null;
  CredNumber: string | null;
  Notes: string | null;
  LockoutEndDateUtc: NullableTimestamp;
  Latitude: number | null;
  Longitude: number | null;
  CreatedDate: CreatedAt;
  UpdatedDate: CreatedAt;
}

export interface UserGroupsTable {
  User_Id: number;
  Group_Id: number;
}

export interface UserContractTypesTable {
  User_Id: number;
  ContractType_Id: number;
}

export interface UserEmailsTable {
  Id: Id;
  User_Id: number;
  Address: string;
  EmailType_Id: number | null;
  IsPrimary: Flag;
}

export interface UserPhonesTable {
  Id: Id;
  User_Id: number;
  Number: string;
  PhoneNumberType_Id: number | null;
  IsPrimary: Flag;
}

export interface UserAddressesTable {
  Id: Id;
  User_Id: number;
  AddressType_Id: number | null;
  Line1: string | null;
  Line2: string | null;
  City: string;
  RegionType_Id: number | null;
  PostalCode: string;
  IsPrimary: Flag;
}

export interface UserCredentialsTable {
  Id: Id;
  User_Id: number;
  CredentialType_Id: number;
  License: string;
  RegionType_Id: number;
  Expiration: Day;
}

export interface UserClearancesTable {
  Id: Id;
  User_Id: number;
  ClearanceType_Id: number;
  LastInvestigation: Day;
  OrgCode: string;
}

export interface PasswordHistoryTable {
  Id: Id;
  User_Id: number;
  PasswordHash: string;
  CreatedDate: CreatedAt;
}

export interface UserTokensTable {
  Id: Id;
  User_Id: number;
  /** 'reset' | 'confirm' */
  Purpose: string;
  CodeHash: string;
  ExpiresDate: Timestamp;
  UsedDate: NullableTimestamp;
  CreatedDate: CreatedAt;
  /** Confirm codes of "resend verification": the deactivation that confirming lifts (only while still in force). */
  ReleasesLockout: NullableTimestamp;
}

/** The version of everyone's access (migration 027): moved by triggers when roles, groups, tags or org scope change. */
export interface AccessVersionTable {
  Only: Flag;
  Version: number;
}

export interface IdentityTables {
  access_version: AccessVersionTable;
  roles: RolesTable;
  tags: TagsTable;
  groups: GroupsTable;
  group_roles: GroupRolesTable;
  group_tags: GroupTagsTable;
  users: UsersTable;
  user_groups: UserGroupsTable;
  user_contract_types: UserContractTypesTable;
  user_emails: UserEmailsTable;
  user_phones: UserPhonesTable;
  user_addresses: UserAddressesTable;
  user_credentials: UserCredentialsTable;
  user_clearances: UserClearancesTable;
  password_history: PasswordHistoryTable;
  user_tokens: UserTokensTable;
}
