import type { ApiRecord } from '../../resources/declaration.js';
import { Texts } from '../../shared/texts/index.js';
import type { Database } from '../db/database.js';
import { notFound } from '../http/errors.js';
import { defineStore, type StoreContext } from '../resources/store.js';
import { clientOrgsOf, type OrgChain } from './inheritance.js';
import { byName, orgOfCall } from './orgRecords.js';

const T = Texts.orgs.users;

export const ORG_USER_FLAGS = ['PointOfContact', 'SendOnHoldNotice', 'SendSubmissionNotice', 'SendCompletionNotice', 'IncludeROI', 'EncryptROI', 'ViewClosedCases'] as const;
type Flag = (typeof ORG_USER_FLAGS)[number];

/** The users of an org as its Users tab shows them (five queries whatever their number), optionally one user. */
async function orgUsers(db: Database, orgId: number, chain: OrgChain, onlyUser?: number): Promise<ApiRecord[]> {
  let users = db
    .selectFrom('users')
    .select(['Id', 'FirstName', 'MiddleName', 'LastName', 'Email', 'Org_Id'])
    .where('Org_Id', 'in', clientOrgsOf(chain))
    .orderBy('LastName')
    .orderBy('FirstName')
    .orderBy('Id');
  if (onlyUser !== undefined) users = users.where('Id', '=', onlyUser);
  const rows = await users.execute();
  if (rows.length === 0) return [];
  const ids = rows.map((u) => u.Id);
  const [emails, phones, groups, settings] = await Promise.all([
    db.selectFrom('user_emails').select(['User_Id', 'Address']).where('User_Id', 'in', ids).orderBy('IsPrimary', 'desc').orderBy('Id').execute(),
    db.selectFrom('user_phones').select(['User_Id', 'Number']).where('User_Id', 'in', ids).orderBy('IsPrimary', 'desc').orderBy('Id').execute(),
    db.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.Id', 'ug.Group_Id').select(['ug.User_Id', 'g.Name']).where('ug.User_Id', 'in', ids).orderBy('g.Name').execute(),
    db.selectFrom('org_user_settings').selectAll().where('Org_Id', '=', orgId).where('User_Id', 'in', ids).execute(),
  ]);
  const settingsOf = new Map(settings.map((s) => [s.User_Id, s]));
  return rows.map((user) => {
    const stored = settingsOf.get(user.Id);
    return {
      ...user,
      Org_Id: orgId,
      Emails: emails.filter((e) => e.User_Id === user.Id).map((e) => ({ Address: e.Address })),
      Phones: phones.filter((p) => p.User_Id === user.Id).map((p) => ({ Number: p.Number })),
      Groups: groups.filter((g) => g.User_Id === user.Id).map((g) => ({ Name: g.Name })),
      Inherited: user.Org_Id !== orgId,
      InheritedFrom: user.Org_Id !== orgId && user.Org_Id !== null ? byName(chain, user.Org_Id) : null,
      Settings: Object.fromEntries(ORG_USER_FLAGS.map((flag) => [flag, Boolean(stored?.[flag])])),
    };
  });
}

async function orgUser(context: StoreContext, userId: number): Promise<ApiRecord> {
  const { orgId, chain } = await orgOfCall(context);
  const [user] = await orgUsers(context.db, orgId, chain, userId);
  if (!user) throw notFound(T.notInOrg);
  return user;
}

/**
 * The users of an org (the Users tab), the `org-users` declaration's store: the org's own and its ancestors' below
 * the provider (Inherited), each with this org's notice settings, which the settings call saves.
 */
export const orgUsersStore = defineStore({
  audit: { entity: 'org_user_settings', action: () => 'update-settings' },
  summaries: {
    list: "The org's users and its ancestors' below the top org (Inherited), with this org's notice settings",
    update: "Save a user's notice settings for the org (the seven flags); answers the user",
  },
  async list(context) {
    const { orgId, chain } = await orgOfCall(context);
    return orgUsers(context.db, orgId, chain);
  },
  read: (context, key) => orgUser(context, Number(key)),
  async change(context, key, values) {
    const { orgId } = await orgOfCall(context);
    const flags = Object.fromEntries(ORG_USER_FLAGS.map((flag) => [flag, Boolean(values[flag])])) as Record<Flag, boolean>;
    await context.db
      .insertInto('org_user_settings')
      .values({ Org_Id: orgId, User_Id: Number(key), ...flags })
      .onConflict((oc) => oc.columns(['Org_Id', 'User_Id']).doUpdateSet(flags))
      .execute();
  },
});
