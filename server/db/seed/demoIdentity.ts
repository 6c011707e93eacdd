import type { Kysely } from 'kysely';
import { Groups } from '../../../shared/permissions.js';
import type { DB } from '../schema.js';
import { ensureGroup, ensureList } from './baseline.js';
import { GROUP_SEEDS } from './groups.js';
import { DEMO_DYNAMIC_LISTS } from './lists.js';
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS, SeededRandom } from './random.js';

export const DEMO_PASSWORD = 'demo-pass-2026';

/** Ids the later demo seed steps look up by name. */
export interface SeedContext {
  now: Date;
  random: SeededRandom;
  /** `ListName:Short` → item id */
  lookup: (list: string, short: string) => number;
  lookupIds: (list: string) => number[];
  orgs: Map<string, number>;
  users: Map<string, number>;
  groups: Map<string, number>;
}

interface OrgSeed {
  code: string;
  name: string;
  parent?: string;
  contract?: string;
  hidden?: boolean;
  city: string;
}

export const ORG_SEEDS: readonly OrgSeed[] = [
  { code: 'DI', name: 'Dossier Investigations', city: 'Columbia', contract: 'COM' },
  { code: 'FED', name: 'Federal Clients', parent: 'DI', contract: 'FED', city: 'Washington' },
  { code: 'DOC', name: 'Department of Commerce', parent: 'FED', contract: 'FED', city: 'Washington' },
  { code: 'DOC-ATL', name: 'DOC Atlanta Field Office', parent: 'DOC', contract: 'FED', city: 'Atlanta' },
  { code: 'OPR', name: 'Office of Personnel Review', parent: 'FED', contract: 'FED', city: 'Arlington' },
  { code: 'STATE', name: 'State Clients', parent: 'DI', contract: 'STATE', city: 'Columbia' },
  { code: 'PRA', name: 'Palmetto Regional Authority', parent: 'STATE', contract: 'STATE', city: 'Charleston' },
  { code: 'NCSC', name: 'North Carolina State Courts', parent: 'STATE', contract: 'STATE', city: 'Raleigh' },
  { code: 'COM', name: 'Commercial Clients', parent: 'DI', contract: 'COM', city: 'Charlotte' },
  { code: 'ACME', name: 'Acme Logistics', parent: 'COM', contract: 'COM', city: 'Charlotte' },
  { code: 'HARB', name: 'Harbor Bank', parent: 'COM', contract: 'COM', city: 'Baltimore', hidden: true },
  { code: 'INACTIVE', name: 'INACTIVE ORGS', parent: 'DI', hidden: true, city: 'Columbia' },
  { code: 'OLD', name: 'Carolina Freight (closed)', parent: 'INACTIVE', contract: 'COM', hidden: true, city: 'Columbia' },
];

interface UserSeed {
  userName: string;
  first: string;
  last: string;
  group: string;
  org: string;
  title?: string;
  city?: string;
}

/** The documented demo sign-ins (README), one per role. */
export const DEMO_USERS: readonly UserSeed[] = [
  { userName: 'sysadmin', first: 'Avery', last: 'Morgan', group: Groups.SYSTEM_ADMINISTRATORS, org: 'DI', title: 'Systems Administrator' },
  { userName: 'caseadmin', first: 'Casey', last: 'Adams', group: 'Case Admins', org: 'DI', title: 'Case Administrator' },
  { userName: 'manager', first: 'Morgan', last: 'Reyes', group: 'Managers', org: 'DI', title: 'Operations Manager' },
  { userName: 'dataentry', first: 'Dana', last: 'Ellis', group: 'Data Entry', org: 'DI', title: 'Data Entry Clerk' },
  { userName: 'reviewer', first: 'Riley', last: 'Chen', group: 'Reviewers', org: 'DI', title: 'Quality Reviewer' },
  { userName: 'investigator', first: 'Ian', last: 'Vance', group: Groups.INVESTIGATOR, org: 'DI', title: 'Field Investigator', city: 'Columbia' },
  { userName: 'contractor', first: 'Cora', last: 'Tate', group: Groups.INDEPENDENT_CONTRACTOR, org: 'DI', title: 'Contract Investigator', city: 'Charlotte' },
  { userName: 'client', first: 'Claire', last: 'Donovan', group: Groups.CLIENT, org: 'DOC', title: 'Security Officer', city: 'Washington' },
  { userName: 'palmetto', first: 'Pat', last: 'Palmer', group: Groups.PALMETTO, org: 'PRA', title: 'Records Liaison', city: 'Charleston' },
  { userName: 'ncsc', first: 'Nick', last: 'Carter', group: Groups.NCSC, org: 'NCSC', title: 'Court Liaison', city: 'Raleigh' },
];

function makeLookup(items: { Id: number; TableName: string; Short: string }[]) {
  const map = new Map(items.map((i) => [`${i.TableName}:${i.Short}`, i.Id]));
  return {
    lookup(list: string, short: string): number {
      const id = map.get(`${list}:${short}`);
      if (id === undefined) throw new Error(`Seed refers to unknown list item ${list}:${short}`);
      return id;
    },
    lookupIds(list: string): number[] {
      return items.filter((i) => i.TableName === list).map((i) => i.Id);
    },
  };
}

/** Groups, the org tree, the demo sign-ins and a staff of realistic users with their contact records. */
export async function seedDemoIdentity(db: Kysely<DB>, passwordHash: string, now: Date): Promise<SeedContext> {
  const random = new SeededRandom(2026);
  for (const list of DEMO_DYNAMIC_LISTS) await ensureList(db, list);
  const items = await db.selectFrom('type_items').select(['Id', 'TableName', 'Short']).execute();
  const { lookup, lookupIds } = makeLookup(items);

  const groups = new Map<string, number>();
  for (const g of GROUP_SEEDS) groups.set(g.name, await ensureGroup(db, g.name, g.description, g.tags, g.roles));

  const orgs = new Map<string, number>();
  const existingRoot = await db.selectFrom('orgs').select('Id').where('ParentOrg_Id', 'is', null).orderBy('Id').executeTakeFirst();
  for (const seed of ORG_SEEDS) {
    const place = CITIES.find((c) => c.city === seed.city) ?? CITIES[0];
    const values = {
      Name: seed.name,
      Code: seed.code,
      ParentOrg_Id: seed.parent ? orgs.get(seed.parent)! : null,
      Hidden: seed.hidden ?? false,
      ContractType_Id: seed.contract ? lookup('ContractType', seed.contract) : null,
      Address1: `${random.int(100, 9899)} ${random.pick(STREETS)}`,
      City: place.city,
      RegionType_Id: lookup('RegionType', place.state),
      PostalCode: place.zip,
      Phone1: `${random.int(200, 989)}-555-${String(random.int(100, 9999)).padStart(4, '0')}`,
      PrependAttachmentsToROI: seed.code === 'DOC',
      IncludeLast4SSN: seed.code === 'DOC',
    };
    if (!seed.parent && existingRoot) {
      // The baseline made a placeholder root; the demo firm takes its place.
      await db.updateTable('orgs').set(values).where('Id', '=', existingRoot.Id).execute();
      orgs.set(seed.code, existingRoot.Id);
    } else {
      const { Id } = await db.insertInto('orgs').values(values).returning('Id').executeTakeFirstOrThrow();
      orgs.set(seed.code, Id);
    }
  }

  const users = new Map<string, number>();
  const staff: UserSeed[] = [...DEMO_USERS];
  const extraGroups = [
    ...Array(14).fill(Groups.INVESTIGATOR),
    ...Array(6).fill(Groups.INDEPENDENT_CONTRACTOR),
    ...Array(3).fill('Reviewers'),
    ...Array(2).fill('Data Entry'),
    ...Array(6).fill(Groups.CLIENT),
  ] as string[];
  const clientOrgs = ['DOC', 'DOC-ATL', 'OPR', 'PRA', 'NCSC', 'ACME'];
  extraGroups.forEach((group, index) => {
    const first = FIRST_NAMES[(index * 7 + 3) % FIRST_NAMES.length];
    const last = LAST_NAMES[(index * 11 + 5) % LAST_NAMES.length];
    staff.push({
      userName: `${first[0]}${last}`.toLowerCase() + (index + 1),
      first,
      last,
      group,
      org: group === Groups.CLIENT ? clientOrgs[index % clientOrgs.length] : 'DI',
      title: group === Groups.CLIENT ? 'Requesting Official' : undefined,
      city: CITIES[index % CITIES.length].city,
    });
  });

  const workStatuses = lookupIds('WorkStatusType');
  const isEmployeeGroup = (group: string) => !['Client', 'Palmetto', 'NCSC', Groups.INDEPENDENT_CONTRACTOR].includes(group);
  for (const [index, seed] of staff.entries()) {
    const place = CITIES.find((c) => c.city === seed.city) ?? random.pick(CITIES);
    const email = `${seed.userName}@${seed.org === 'DI' ? 'dossier.example' : `${seed.org.toLowerCase()}.example`}`;
    const fieldStaff = seed.group === Groups.INVESTIGATOR || seed.group === Groups.INDEPENDENT_CONTRACTOR;
    const { Id } = await db
      .insertInto('users')
      .values({
        UserName: seed.userName,
        PasswordHash: passwordHash,
        PasswordChangedDate: now,
        Email: email,
        EmailConfirmed: true,
        FirstName: seed.first,
        LastName: seed.last,
        MiddleName: index % 3 === 0 ? random.pick(FIRST_NAMES) : null,
        Org_Id: orgs.get(seed.org)!,
        Title: seed.title ?? (fieldStaff ? 'Field Investigator' : null),
        WorkStatusType_Id: isEmployeeGroup(seed.group) || fieldStaff ? workStatuses[index % workStatuses.length] : null,
        EmploymentStatusType_Id: isEmployeeGroup(seed.group) ? lookup('EmploymentStatusType', 'FT') : null,
        GeoRegionType_Id: lookup('GeoRegionType', ['GA', 'SC', 'NC', 'FL', 'TN'].includes(place.state) ? 'SE' : 'NE'),
        PINumber: fieldStaff ? `PI-${random.int(10000, 99999)}` : null,
        Latitude: place.lat + (random.next() - 0.5) * 0.2,
        Longitude: place.lon + (random.next() - 0.5) * 0.2,
        // One locked account shows the red border in the users table.
        LockoutEndDateUtc: index === staff.length - 1 ? new Date(now.getTime() + 30 * 86_400_000) : null,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    users.set(seed.userName, Id);
    await db.insertInto('user_groups').values({ User_Id: Id, Group_Id: groups.get(seed.group)! }).execute();
    await db.insertInto('password_history').values({ User_Id: Id, PasswordHash: passwordHash, CreatedDate: now }).execute();
    await db.insertInto('user_emails').values({ User_Id: Id, Address: email, EmailType_Id: lookup('EmailType', 'Work'), IsPrimary: true }).execute();
    await db
      .insertInto('user_phones')
      .values({
        User_Id: Id,
        Number: `${random.int(200, 989)}-555-${String(random.int(100, 9999)).padStart(4, '0')}`,
        PhoneNumberType_Id: lookup('PhoneNumberType', 'Mobile'),
        IsPrimary: true,
      })
      .execute();
    await db
      .insertInto('user_addresses')
      .values({
        User_Id: Id,
        AddressType_Id: lookup('AddressType', seed.org === 'DI' ? 'Home' : 'Work'),
        Line1: `${random.int(100, 9899)} ${random.pick(STREETS)}`,
        City: place.city,
        RegionType_Id: lookup('RegionType', place.state),
        PostalCode: place.zip,
        IsPrimary: true,
      })
      .execute();
    if (fieldStaff) {
      await db
        .insertInto('user_credentials')
        .values({
          User_Id: Id,
          CredentialType_Id: lookup('CredentialType', 'PI'),
          License: `${place.state}-${random.int(100000, 999999)}`,
          RegionType_Id: lookup('RegionType', place.state),
          Expiration: `${now.getUTCFullYear() + random.int(1, 3)}-0${random.int(1, 9)}-15`,
        })
        .execute();
      await db
        .insertInto('user_contract_types')
        .values(lookupIds('ContractType').map((ContractType_Id) => ({ User_Id: Id, ContractType_Id })))
        .execute();
    }
    if (isEmployeeGroup(seed.group) && seed.group !== 'Data Entry') {
      await db
        .insertInto('user_clearances')
        .values({
          User_Id: Id,
          ClearanceType_Id: lookup('ClearanceType', index % 2 ? 'S' : 'TS'),
          LastInvestigation: `${now.getUTCFullYear() - random.int(1, 4)}-0${random.int(1, 9)}-01`,
          OrgCode: random.pick(['DOD', 'DOC', 'OPM', 'DHS']),
        })
        .execute();
    }
  }
  // Managers manage the field staff.
  await db
    .updateTable('users')
    .set({ Manager_Id: users.get('manager')! })
    .where('Id', 'in', staff.filter((s) => s.group === Groups.INVESTIGATOR).map((s) => users.get(s.userName)!))
    .execute();

  return { now, random, lookup, lookupIds, orgs, users, groups };
}
