import { Texts } from '../../shared/texts/index.js';
import { authOf } from '../http/access.js';
import { anyObject, route, type ApiArea } from '../http/route.js';
import { changeOwnPassword } from '../auth/passwordChange.js';
import { ownAccount, updateOwnProfile, type AccountBody } from './ownProfile.js';

const passwordChangeBody = {
  type: 'object',
  properties: {
    OldPassword: { type: 'string', title: 'Old Password', minLength: 1 },
    NewPassword: { type: 'string', title: 'New Password', minLength: 1 },
    ConfirmPassword: { type: 'string', title: 'Confirm Password', minLength: 1 },
  },
  required: ['OldPassword', 'NewPassword', 'ConfirmPassword'],
} as const;

/** The signed-in user's own account. */
export const accountArea: ApiArea = {
  name: 'account',
  routes: [
    route({
      method: 'GET',
      url: '/api/user',
      access: 'signedIn',
      summary: 'The signed-in user with emails, phones, addresses, groups and, for employees, credentials',
      schema: { response: { 200: anyObject } },
      async handler(request) {
        return ownAccount(request.server.db, authOf(request).userId);
      },
    }),
    route<{ Body: AccountBody }>({
      method: 'PUT',
      url: '/api/user',
      access: 'signedIn',
      summary: 'Update the own profile (employment sections only for employees); answers the account as GET /api/user',
      schema: { body: { $ref: 'account.json' }, response: { 200: anyObject } },
      async handler(request) {
        const { db, services } = request.server;
        const auth = authOf(request);
        await updateOwnProfile(db, auth, request.body, services.now());
        return ownAccount(db, auth.userId);
      },
    }),
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
