import type { Database } from '../db/database.js';
import { authOf } from '../http/access.js';
import { anyArray, anyOf, route, type ApiArea } from '../http/route.js';
import { clientOrgsOf, orgChain } from '../orgs/inheritance.js';
import { assertOrgInScope } from '../orgs/scope.js';
import { defineStore } from '../resources/store.js';
import { Permissions, Tags } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { caseInScope } from './caseAccess.js';

const P = Permissions.Cases;
const T = Texts.cases.server;

const PERSON = ['u.Id', 'u.FirstName', 'u.LastName'] as const;
const intParam = { type: 'integer', minimum: 1 } as const;

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
  responses: { list: anyArray },
  summaries: { list: 'Every reviewer (the users of the groups tagged reviewer): the cases list\'s Reviewer filter and bulk Assign Reviewer' },
  async list(context) {
    return taggedUsers(context.db, Tags.REVIEWER);
  },
});

/**
 * The people the case form picks from (spec 001 §7 "Dropdown sources"): the client org's requesting officials (the
 * users of the org and the orgs above it, below the top org), and the users of the groups tagged data entry or
 * reviewer. The org must be in the caller's scope (404 otherwise).
 */
export const casePeopleArea: ApiArea = {
  name: 'case-people',
  routes: [
    route<{ Params: { clientId: number } }>({
      method: 'GET',
      url: '/api/cases/requesting-official/:clientId',
      access: anyOf(P.CREATE_CASE, P.EDIT_CASES, P.VIEW_CASES),
      summary: 'The requesting officials a case of the org may name: the users of the org and the orgs above it (below the top org)',
      schema: { params: { type: 'object', properties: { clientId: intParam }, required: ['clientId'] }, response: { 200: anyArray } },
      async handler(request) {
        const { db } = request.server;
        await assertOrgInScope(db, authOf(request), request.params.clientId, T.clientRequired);
        const chain = await orgChain(db, request.params.clientId);
        return db.selectFrom('users as u').select(PERSON).where('u.Org_Id', 'in', clientOrgsOf(chain)).orderBy('u.LastName').orderBy('u.FirstName').execute();
      },
    }),
    route<{ Params: { clientId: number; groupTag: string } }>({
      method: 'GET',
      url: '/api/cases/assignees/:clientId/:groupTag',
      access: anyOf(P.CREATE_CASE, P.ASSIGN_DATA_ENTRY, P.ASSIGN_REVIEWER),
      summary: 'The users a case of the org may be assigned to: the users of the groups carrying the tag (data entry, reviewer)',
      schema: {
        params: { type: 'object', properties: { clientId: intParam, groupTag: { type: 'string', enum: [Tags.DATA_ENTRY, Tags.REVIEWER] } }, required: ['clientId', 'groupTag'] },
        response: { 200: anyArray },
      },
      async handler(request) {
        await assertOrgInScope(request.server.db, authOf(request), request.params.clientId, T.clientRequired);
        return taggedUsers(request.server.db, request.params.groupTag);
      },
    }),
    route<{ Params: { caseId: number; clientId: number } }>({
      method: 'GET',
      url: '/api/cases/:caseId/org/:clientId/reviewers',
      access: anyOf(P.ASSIGN_REVIEWER, P.VIEW_CASES),
      summary: 'The reviewers a case may be given: the users of the groups tagged reviewer',
      schema: { params: { type: 'object', properties: { caseId: intParam, clientId: intParam }, required: ['caseId', 'clientId'] }, response: { 200: anyArray } },
      async handler(request) {
        await caseInScope(request.server.db, authOf(request), request.params.caseId);
        return taggedUsers(request.server.db, Tags.REVIEWER);
      },
    }),
  ],
};
