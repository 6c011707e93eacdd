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

