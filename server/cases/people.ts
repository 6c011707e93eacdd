import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { type ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { caseOperations } from '../../resources/caseOperations.js';
import { clientOrgsOf, orgChain } from '../orgs/inheritance.js';
import { assertOrgInScope } from '../orgs/scope.js';
import { defineStore } from '../resources/store.js';
import { Tags } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { caseInScope } from './caseAccess.js';

const T = Texts.cases.server;

const PERSON = ['u.Id', 'u.FirstName', 'u.LastName'] as const;

/** The users of groups carrying a tag (data entry, reviewer), who are not locked out, by last name. */
function taggedUsers(db: Database, tag: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_groups as ug', 'ug.User_Id', 'u.Id')
    .innerJoin('group_tags as gt', 'gt.Group_Id', 'ug.Group_Id')
    .innerJoin('tags as t', 't.Id', 'gt.Tag_Id')
    .select(PERSON)
    .distinct()
    .where((eb) => eb(eb.fn('lower', ['t.Name']), '=', tag.toLowerCase()))
    .where((eb) => eb.or([eb('u.LockoutEndDateUtc', 'is', null), eb('u.LockoutEndDateUtc', '<', new Date())]))
    .orderBy('u.LastName')
    .orderBy('u.FirstName')
    .execute();
}

/** The `reviewers` declaration's store: every reviewer (the users of the groups tagged reviewer), by last name. */
export const reviewersStore = defineStore({
  summaries: { list: 'Every reviewer (the users of the groups tagged reviewer): the cases list\'s Reviewer filter and bulk Assign Reviewer' },
  async list(context) {
    return taggedUsers(context.db, Tags.REVIEWER);
  },
});

/**
 * The people the case form picks from (spec 001 §7 "Dropdown sources"): the client org's requesting officials (the
 * users of the org and the orgs above it, below the top org), and the users of the groups tagged data entry or
 * reviewer. The org must be in the caller's scope (404 otherwise). The cases contract's `requestingOfficials`,
 * `assignees` and `reviewersOfCase`.
 */
export const casePeopleArea: ApiArea = {
  name: 'case-people',
  routes: operationRoutes(caseOperations, {
    async requestingOfficials(request) {
      const { db } = request.server;
      await assertOrgInScope(db, authOf(request), request.params.clientId, T.clientRequired);
      const chain = await orgChain(db, request.params.clientId);
      return db.selectFrom('users as u').select(PERSON).where('u.Org_Id', 'in', clientOrgsOf(chain)).orderBy('u.LastName').orderBy('u.FirstName').execute();
    },
    async assignees(request) {
      await assertOrgInScope(request.server.db, authOf(request), request.params.clientId, T.clientRequired);
      return taggedUsers(request.server.db, request.params.groupTag);
    },
    async reviewersOfCase(request) {
      const { db } = request.server;
      const auth = authOf(request);
      await caseInScope(db, auth, request.params.caseId);
      await assertOrgInScope(db, auth, request.params.clientId, T.clientRequired);
      return taggedUsers(request.server.db, Tags.REVIEWER);
    },
  }),
};
