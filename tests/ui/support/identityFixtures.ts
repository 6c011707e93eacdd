import { writeState, type LookupListState, type OrgState } from '../../../dataProvider/session.js';
import type { Group, UserRecord, UserRow } from '../../../dataProvider/identity.js';

const list = (TableName: string, items: [number, string, string][]): LookupListState => ({
  TableName,
  FormattedTableName: TableName,
  IsDynamic: false,
  Types: items.map(([Id, Short, Description]) => ({ Id, Short, Description, Hidden: false })),
});

/** The lookup lists the user record uses (passed to signedInAs as extraLists). */
export const USER_LISTS: LookupListState[] = [
  list('EmailType', [
    [21, 'Work', 'Work'],
    [22, 'Personal', 'Personal'],
  ]),
  list('PhoneNumberType', [
    [31, 'Mobile', 'Mobile'],
    [32, 'Work', 'Work'],
  ]),
  list('AddressType', [
    [41, 'Home', 'Home'],
    [42, 'Work', 'Work'],
  ]),
  list('RegionType', [
    [51, 'NC', 'North Carolina'],
    [52, 'SC', 'South Carolina'],
  ]),
  list('WorkStatusType', [
    [61, 'AVAILABLE', 'Available'],
    [62, 'BUSY', 'Busy'],
    [63, 'UNAVAILABLE', 'Unavailable'],
    [64, 'LEAVE', 'On Leave'],
  ]),
  list('EmploymentStatusType', [[71, 'FT', 'Full-time']]),
  list('GeoRegionType', [[81, 'SE', 'Southeast']]),
  list('ContractType', [[91, 'FED', 'Federal']]),
  list('CredentialType', [[101, 'PI', 'Private Investigator License']]),
  list('ClearanceType', [
    [111, 'S', 'Secret'],
    [112, 'TS', 'Top Secret'],
  ]),
];

export const ORGS: OrgState[] = [
  { Id: 1, Name: 'Dossier Investigations', ParentOrg_Id: null, Hidden: false, ContractType_Id: null, Code: 'DI' },
  { Id: 2, Name: 'Department of Commerce', ParentOrg_Id: 1, Hidden: false, ContractType_Id: null, Code: 'DOC' },
];

/** Puts the orgs into the signed-in session (after signedInAs). */
export function withOrgs(orgs: OrgState[] = ORGS) {
  writeState((s) => ({ ...s, orgs: { list: orgs, loadedAt: Date.now() } }));
}

/** Puts tags into the signed-in session's permissions (after signedInAs). */
export function withTags(tags: string[]) {
  writeState((s) => ({ ...s, account: { ...s.account, permissions: { ...(s.account.permissions ?? { roles: [], groups: [] }), tags } } }));
}

export const GROUPS: Group[] = [
  { Id: 1, Name: 'System Administrators', Description: 'Full access.', Roles: [1, 2], Tags: [{ Id: 1, Name: 'System Admin' }, { Id: 2, Name: 'Employee' }] },
  { Id: 2, Name: 'Investigator', Description: 'Field work.', Roles: [3], Tags: [{ Id: 2, Name: 'Employee' }] },
  { Id: 3, Name: 'Independent Contractor', Description: null, Roles: [3], Tags: [] },
  { Id: 4, Name: 'Client', Description: 'Client users.', Roles: [4], Tags: [] },
];

export const inYears = (years: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return date.toISOString();
};

export const row = (Id: number, UserName: string, FirstName: string, LastName: string, extra: Partial<UserRow> = {}): UserRow => ({
  Id,
  UserName,
  FirstName,
  MiddleName: null,
  LastName,
  Email: `${UserName}@example.com`,
  EmailConfirmed: true,
  Org_Id: 1,
  Org: { Id: 1, Name: 'Dossier Investigations', Code: 'DI' },
  WorkStatusType_Id: null,
  WorkStatus: null,
  LockoutEndDateUtc: null,
  Groups: [],
  ...extra,
});

export const record = (Id: number, UserName: string, FirstName: string, LastName: string, extra: Partial<UserRecord> = {}): UserRecord => ({
  Id,
  UserName,
  Email: `${UserName}@example.com`,
  EmailConfirmed: true,
  FirstName,
  MiddleName: null,
  LastName,
  Org_Id: 1,
  Org: { Id: 1, Name: 'Dossier Investigations', Code: 'DI' },
  WorkStatusType_Id: null,
  WorkStatus: null,
  EmploymentStatusType_Id: null,
  GeoRegionType_Id: null,
  Manager_Id: null,
  Manager: null,
  Title: null,
  PINumber: null,
  CredNumber: null,
  Notes: null,
  LockoutEndDateUtc: null,
  ContractTypeIds: [],
  ContractTypes: [],
  Groups: [],
  Emails: [{ Id: 1, Address: `${UserName}@example.com`, EmailType_Id: 21, IsPrimary: true }],
  PhoneNumbers: [],
  Addresses: [],
  Credentials: [],
  Clearances: [],
  ...extra,
});
