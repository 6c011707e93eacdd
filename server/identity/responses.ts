/** Answer schemas of the identity routes (they also document the API). */

const idName = {
  type: 'object',
  properties: { Id: { type: 'integer' }, Name: { type: 'string' } },
} as const;

export const groupResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    Name: { type: 'string' },
    Description: { type: ['string', 'null'] },
    Roles: { type: 'array', items: { type: 'integer' } },
    Tags: { type: 'array', items: idName },
  },
} as const;

export const idNameList = { type: 'array', items: idName } as const;

export const categoriesResponse = {
  type: 'object',
  additionalProperties: { type: 'array', items: { type: 'string' } },
} as const;

const lookupObject = {
  type: ['object', 'null'],
  properties: { Id: { type: 'integer' }, Short: { type: 'string' }, Description: { type: ['string', 'null'] } },
} as const;

export const userRowResponse = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    UserName: { type: 'string' },
    FirstName: { type: 'string' },
    MiddleName: { type: ['string', 'null'] },
    LastName: { type: 'string' },
    Email: { type: ['string', 'null'] },
    EmailConfirmed: { type: 'boolean' },
    Org_Id: { type: ['integer', 'null'] },
    Org: {
      type: ['object', 'null'],
      properties: { Id: { type: 'integer' }, Name: { type: 'string' }, Code: { type: ['string', 'null'] } },
    },
    WorkStatusType_Id: { type: ['integer', 'null'] },
    WorkStatus: lookupObject,
    LockoutEndDateUtc: { type: ['string', 'null'], format: 'date-time' },
    Groups: { type: 'array', items: idName },
  },
} as const;

export const usersPageResponse = {
  type: 'object',
  properties: {
    users: { type: 'array', items: userRowResponse },
    pageCount: { type: 'integer' },
    /** Matching users: exact when totalIsExact, otherwise PostgreSQL's estimate. */
    total: { type: 'integer' },
    totalIsExact: { type: 'boolean' },
  },
} as const;


const nullableText = { type: ['string', 'null'] } as const;
const nullableId = { type: ['integer', 'null'] } as const;
/** A part of the user record as schemas/user.json declares it (its sub-list entries, its org, groups and lookups). */
const fromUser = (pointer: string) => ({ $ref: `user.json#${pointer}` });
const listOf = (def: string) => ({ type: 'array', items: fromUser(`/$defs/${def}`) });

const userProperties = {
  Id: { type: 'integer' },
  UserName: { type: 'string' },
  Email: nullableText,
  EmailConfirmed: { type: 'boolean' },
  FirstName: { type: 'string' },
  MiddleName: nullableText,
  LastName: { type: 'string' },
  Org_Id: nullableId,
  Org: fromUser('/properties/Org'),
  WorkStatusType_Id: nullableId,
  WorkStatus: fromUser('/properties/WorkStatus'),
  EmploymentStatusType_Id: nullableId,
  GeoRegionType_Id: nullableId,
  Manager_Id: nullableId,
  Manager: fromUser('/properties/Manager'),
  Title: nullableText,
  PINumber: nullableText,
  CredNumber: nullableText,
  Notes: nullableText,
  LockoutEndDateUtc: { type: ['string', 'null'], format: 'date-time' },
  ContractTypeIds: { type: 'array', items: { type: 'integer' } },
  ContractTypes: listOf('LookupItem'),
  Groups: listOf('Group'),
  Emails: listOf('Email'),
  PhoneNumbers: listOf('PhoneNumber'),
  Addresses: listOf('Address'),
  Credentials: listOf('Credential'),
  Clearances: listOf('Clearance'),
};

/**
 * The user record as answered (server/identity/userRecord.ts), every field present (null when empty):
 * schemas/user.json's fields with their sub-lists, the groups as Groups (a save sends GroupIds), and Org_Id null for a
 * user with no org yet.
 */
export const userRecordResponse = {
  type: 'object',
  properties: userProperties,
  required: Object.keys(userProperties),
  additionalProperties: false,
};

/** The own account (GET /api/user): the user record with its primary address (null without addresses). */
export const accountResponse = {
  type: 'object',
  properties: { ...userProperties, Address: { anyOf: [fromUser('/$defs/Address'), { type: 'null' }] } },
  required: [...Object.keys(userProperties), 'Address'],
  additionalProperties: false,
};

/** A deleted user: who it was, and the sentence the screen shows. */
export const userDeletedResponse = {
  type: 'object',
  properties: { Id: { type: 'integer' }, FirstName: { type: 'string' }, LastName: { type: 'string' }, Message: { type: 'string' } },
  required: ['Id', 'FirstName', 'LastName', 'Message'],
  additionalProperties: false,
} as const;
