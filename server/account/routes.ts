import { Texts } from '../../shared/texts/index.js';
import { authOf } from '../http/access.js';
import { type ApiArea } from '../http/route.js';
import { accountResponse } from '../identity/responses.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { accountOperations } from '../../resources/account.js';
import { changeOwnPassword } from '../auth/passwordChange.js';
import type { Account } from '../../schemas/types.js';
import { checkOwnProfile, ownAccount, writeOwnProfile } from './ownProfile.js';
import { defineStore } from '../resources/store.js';

/**
 * The own account (/account), the singleton `account` declaration's store: the signed-in user's record; names,
 * emails, phones and addresses for everyone, employment settings, credentials and clearances only for employees.
 */
export const accountStore = defineStore({
  responses: { record: accountResponse },
  audit: { entity: 'users', entityId: (context) => context.auth.userId, action: () => 'update-own-account' },
  summaries: {
    one: 'The signed-in user with emails, phones, addresses, groups and, for employees, credentials',
    update: 'Update the own profile (employment sections only for employees); answers the account as GET /api/user',
  },
  read: (context) => ownAccount(context.db, context.auth.userId),
  validate: (context, values) => checkOwnProfile(context.db, context.auth, values as unknown as Account, context.now),
  change: (context, _key, values) => writeOwnProfile(context.db, context.auth, values as unknown as Account, context.now),
});

/** The handlers of the account contract's own-account operations (resources/account.ts): phone numbers and the password change. */
export const accountArea: ApiArea = {
  name: 'account',
  routes: operationRoutes(accountOperations, {
    async phones(request) {
      return request.server.db
        .selectFrom('user_phones')
        .select(['Id', 'Number', 'PhoneNumberType_Id', 'IsPrimary'])
        .where('User_Id', '=', authOf(request).userId)
        .orderBy('Id')
        .execute();
    },
    async changePassword(request) {
      const { db, services } = request.server;
      const auth = authOf(request);
      const user = await db
        .selectFrom('users')
        .select(['Id', 'UserName', 'PasswordHash'])
        .where('Id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      await changeOwnPassword(db, user, request.body, services.now());
      return { Message: Texts.account.passwordUpdated };
    },
  }),
};
