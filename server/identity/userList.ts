import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { UsersPage, UsersQuery } from '../../shared/api/identity.js';
import type { WithDates } from '../../shared/api/records.js';
import { Limits } from '../../shared/constants.js';
import type { Database } from '../db/database.js';
import { boundedCount } from '../db/boundedCount.js';
import type { DB } from '../db/schema.js';
import type { OrgScope } from '../orgs/scope.js';
import { containing as likeContains } from '../db/likePatterns.js';

const COLUMNS = {
  UserName: 'u.UserName',
  FirstName: 'u.FirstName',
  LastName: 'u.LastName',
  Email: 'u.Email',
  Organization: 'o.Name',
} as const;

type Tables = DB & { u: DB['users']; o: DB['orgs'] };
type Base = SelectQueryBuilder<Tables, 'u' | 'o', object>;

/**
 * The filtered (not yet sorted or paged) users query. Text filters use `ILIKE '%…%'`, which the trigram indexes
 * on users serve. "Hide IDS Users" hides the staff of the provider itself: users of a root org (no parent).
 * Active/Inactive follow LockoutEndDateUtc; ticking both, or neither, shows everyone.
 */
function filteredUsers(db: Database, scope: OrgScope, query: UsersQuery, now: Date): Base {
  let base = db.selectFrom('users as u').leftJoin('orgs as o', 'o.Id', 'u.Org_Id') as unknown as Base;
  if (!scope.all) base = base.where('u.Org_Id', 'in', [...scope.ids]);
  for (const filter of query.filtered) {
    const text = filter.value.trim();
    if (text) base = base.where(COLUMNS[filter.id], 'ilike', likeContains(text));
  }
  const { OrgIds, GroupIds, HideIDSUsers, Active, Inactive } = query.additional;
  if (OrgIds.length) base = base.where('u.Org_Id', 'in', OrgIds);
  if (GroupIds.length) {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('user_groups as ug').select('ug.User_Id').whereRef('ug.User_Id', '=', 'u.Id').where('ug.Group_Id', 'in', GroupIds)),
    );
  }
  if (HideIDSUsers) {
    base = base.where((eb) =>
      eb.or([eb('u.Org_Id', 'is', null), eb('u.Org_Id', 'not in', eb.selectFrom('orgs').select('Id').where('ParentOrg_Id', 'is', null))]),
    );
  }
  const isLocked = (eb: ExpressionBuilder<Tables, 'u' | 'o'>) => eb('u.LockoutEndDateUtc', '>', now);
  if (Active && !Inactive) base = base.where((eb) => eb.or([eb('u.LockoutEndDateUtc', 'is', null), eb.not(isLocked(eb))]));
  if (Inactive && !Active) base = base.where(isLocked);
  return base;
}

/**
 * One page of the users table: one query for the page (org and work status joined in), one for the groups of
 * the page's users, and a bounded count.
 */
export async function searchUsers(
  db: Database,
  scope: OrgScope,
  query: UsersQuery,
  now: Date,
): Promise<WithDates<UsersPage, 'LockoutEndDateUtc'>> {
  const empty = { users: [], pageCount: 0, total: 0, totalIsExact: true };
  if (!scope.all && scope.ids.size === 0) return empty;
  const base = filteredUsers(db, scope, query, now);

  let page = base
    .leftJoin('type_items as ws', 'ws.Id', 'u.WorkStatusType_Id')
    .select([
      'u.Id', 'u.UserName', 'u.FirstName', 'u.MiddleName', 'u.LastName', 'u.Email', 'u.EmailConfirmed', 'u.Org_Id',
      'u.WorkStatusType_Id', 'u.LockoutEndDateUtc', 'o.Name as OrgName', 'o.Code as OrgCode',
      'ws.Short as WorkStatusShort', 'ws.Description as WorkStatusDescription',
    ]);
  for (const sort of query.sorted) page = page.orderBy(COLUMNS[sort.id], sort.desc ? 'desc' : 'asc');
  page = page.orderBy('u.FirstName').orderBy('u.LastName').orderBy('u.Id');
  const rows = await page.offset(query.page * query.pageSize).limit(query.pageSize).execute();

  const ids = rows.map((r) => r.Id);
  const [groups, count] = await Promise.all([
    ids.length
      ? db.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.Id', 'ug.Group_Id')
        .select(['ug.User_Id', 'g.Id', 'g.Name']).where('ug.User_Id', 'in', ids).orderBy('g.Name').execute()
      : Promise.resolve([]),
    boundedCount(db, base.select('u.Id'), Limits.COUNT_BOUND),
  ]);

  const users = rows.map(({ OrgName, OrgCode, WorkStatusShort, WorkStatusDescription, ...row }) => ({
    ...row,
    Org: row.Org_Id !== null && OrgName !== null ? { Id: row.Org_Id, Name: OrgName, Code: OrgCode } : null,
    WorkStatus: row.WorkStatusType_Id !== null && WorkStatusShort !== null
      ? { Id: row.WorkStatusType_Id, Short: WorkStatusShort, Description: WorkStatusDescription }
      : null,
    Groups: groups.filter((g) => g.User_Id === row.Id).map((g) => ({ Id: g.Id, Name: g.Name })),
  }));
  return {
    users,
    pageCount: Math.ceil(count.total / query.pageSize),
    total: count.total,
    totalIsExact: count.exact,
  };
}
