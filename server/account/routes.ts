import { Texts } from '../../shared/texts/index.js';
import { authOf } from '../http/access.js';
import { anyObject, route, type ApiArea } from '../http/route.js';
import { changeOwnPassword } from '../auth/passwordChange.js';
import type { Account } from '../../schemas/types.js';
import { checkOwnProfile, ownAccount, writeOwnProfile } from './ownProfile.js';
import { defineStore } from '../resources/store.js';

const passwordChangeBody = {
  type: 'object',
  properties: {
    OldPassword: { type: 'string', title: 'Old Password', minLength: 1 },
    NewPassword: { type: 'string', title: 'New Password', minLength: 1 },
    ConfirmPassword: { type: 'string', title: 'Confirm Password', minLength: 1 },
  },
  required: ['OldPassword', 'NewPassword', 'ConfirmPassword'],
} as const;

/**
 * The own account (/account), the singleton `account` declaration's store: the signed-in user's record; names,
 * emails, phones and addresses for everyone, employment settings, credentials and clearances only for employees.
 */
export const accountStore = defineStore({
  responses: { record: anyObject },
  audit: { entity: 'users', entityId: (context) => context.auth.userId, action: () => 'update-own-account' },
  summaries: {
    one: 'The signed-in user with emails, phones, addresses, groups and, for employees, credentials',
    update: 'Update the own profile (employment sections only for employees); answers the account as GET /api/user',
  },
  read: (context) => ownAccount(context.db, context.auth.userId),
  validate: (context, values) => checkOwnProfile(context.db, context.auth, values as unknown as Account, context.now),
  change: (context, _key, values) => writeOwnProfile(context.db, context.auth, values as unknown as Account, context.now),
});

/** The own account's named calls: phone numbers and the password change. */
export const accountArea: ApiArea = {
  name: 'account',
  routes: [
    route({
      method: 'GET',
      url: '/api/user/phones',
      access: 'signedIn',
      summary: "The signed-in user's phone numbers",
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                Id: { type: 'integer' },
                Number: { type: 'string' },
                PhoneNumberType_Id: { type: ['integer', 'null'] },
                IsPrimary: { type: 'boolean' },
              },
            },
          },
        },
      },
      async handler(request) {
        return request.server.db
          .selectFrom('user_phones')
          .select(['Id', 'Number', 'PhoneNumberType_Id', 'IsPrimary'])
          .where('User_Id', '=', authOf(request).userId)
          .orderBy('Id')
          .execute();
      },
    }),
    route<{ Body: { OldPassword: string; NewPassword: string; ConfirmPassword: string } }>({
      method: 'POST',
      url: '/api/user/password',
      access: 'signedIn',
      summary: 'Change the own password; rule failures answer ModelState keyed by field',
      schema: { body: passwordChangeBody, response: { 200: { type: 'object', properties: { Message: { type: 'string' } } } } },
      async handler(request) {
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
  ],
};
