import type { UserRecord as ApiUserRecord } from '../../shared/api/identity.js';
import type { WithDates } from '../../shared/api/records.js';
import type { Database } from '../db/database.js';

export type UserRecord = WithDates<ApiUserRecord, 'LockoutEndDateUtc'>;

/** Loads one user with every sub-list: one query for the row, one per sub-list (never per element). */
export async function loadUserRecord(db: Database, userId: number): Promise<UserRecord | null> {
  const user = await db
    .selectFrom('users as u')
    .leftJoin('orgs as o', 'o.Id', 'u.Org_Id')
    .leftJoin('users as m', 'm.Id', 'u.Manager_Id')
    .leftJoin('type_items as ws', 'ws.Id', 'u.WorkStatusType_Id')
    .select([
      'u.Id', 'u.UserName', 'u.Email', 'u.EmailConfirmed', 'u.FirstName', 'u.MiddleName', 'u.LastName',
      'u.Org_Id', 'u.WorkStatusType_Id', 'u.EmploymentStatusType_Id', 'u.GeoRegionType_Id', 'u.Manager_Id',
      'u.Title', 'u.PINumber', 'u.CredNumber', 'u.Notes', 'u.LockoutEndDateUtc',
      'o.Name as OrgName', 'o.Code as OrgCode', 'm.FirstName as ManagerFirstName', 'm.LastName as ManagerLastName',
      'ws.Short as WorkStatusShort', 'ws.Description as WorkStatusDescription',
    ])
    .where('u.Id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;

  const [groups, tags, contractTypes, emails, phones, addresses, credentials, clearances] = await Promise.all([
    db.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.Id', 'ug.Group_Id')
      .select(['g.Id', 'g.Name']).where('ug.User_Id', '=', userId).orderBy('g.Name').execute(),
    db.selectFrom('user_groups as ug').innerJoin('group_tags as gt', 'gt.Group_Id', 'ug.Group_Id')
      .innerJoin('tags as t', 't.Id', 'gt.Tag_Id')
      .select(['gt.Group_Id', 't.Id', 't.Name']).where('ug.User_Id', '=', userId).orderBy('t.Name').execute(),
    db.selectFrom('user_contract_types as uc').innerJoin('type_items as ti', 'ti.Id', 'uc.ContractType_Id')
      .select(['ti.Id', 'ti.Short', 'ti.Description']).where('uc.User_Id', '=', userId).orderBy('ti.Short').execute(),
    db.selectFrom('user_emails').select(['Id', 'Address', 'EmailType_Id', 'IsPrimary'])
      .where('User_Id', '=', userId).orderBy('Id').execute(),
    db.selectFrom('user_phones').select(['Id', 'Number', 'PhoneNumberType_Id', 'IsPrimary'])
      .where('User_Id', '=', userId).orderBy('Id').execute(),
    db.selectFrom('user_addresses')
      .select(['Id', 'AddressType_Id', 'Line1', 'Line2', 'City', 'RegionType_Id', 'PostalCode', 'IsPrimary'])
      .where('User_Id', '=', userId).orderBy('Id').execute(),
    db.selectFrom('user_credentials').select(['Id', 'CredentialType_Id', 'License', 'RegionType_Id', 'Expiration'])
      .where('User_Id', '=', userId).orderBy('Id').execute(),
    db.selectFrom('user_clearances').select(['Id', 'ClearanceType_Id', 'LastInvestigation', 'OrgCode'])
      .where('User_Id', '=', userId).orderBy('Id').execute(),
  ]);

  const { OrgName, OrgCode, ManagerFirstName, ManagerLastName, WorkStatusShort, WorkStatusDescription, ...row } = user;
  return {
    ...row,
    Org: row.Org_Id && OrgName ? { Id: row.Org_Id, Name: OrgName, Code: OrgCode } : null,
    WorkStatus: row.WorkStatusType_Id && WorkStatusShort
      ? { Id: row.WorkStatusType_Id, Short: WorkStatusShort, Description: WorkStatusDescription }
      : null,
    Manager: row.Manager_Id && ManagerFirstName
      ? { Id: row.Manager_Id, FirstName: ManagerFirstName, LastName: ManagerLastName ?? '' }
      : null,
    ContractTypeIds: contractTypes.map((c) => c.Id),
    ContractTypes: contractTypes,
    Groups: groups.map((g) => ({
      ...g,
      Tags: tags.filter((t) => t.Group_Id === g.Id).map((t) => ({ Id: t.Id, Name: t.Name })),
    })),
    Emails: emails,
    PhoneNumbers: phones,
    Addresses: addresses,
    // Expiration and LastInvestigation are NOT NULL date columns, which Kysely's DateOnly reads as string | null.
    Credentials: credentials as UserRecord['Credentials'],
    Clearances: clearances as UserRecord['Clearances'],
  };
}
