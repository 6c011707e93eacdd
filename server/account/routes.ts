import { Texts } from '../../shared/texts/index.js';
import { authOf } from '../http/access.js';
import { notFound } from '../http/errors.js';
import { anyObject, route, type ApiArea } from '../http/route.js';
import { loadUserRecord } from '../identity/userRecord.js';
import { changeOwnPassword } from '../auth/passwordChange.js';

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
        const record = await loadUserRecord(request.server.db, authOf(request).userId);
        if (!record) throw notFound();
        const primary = record.Addresses.find((a) => a.IsPrimary) ?? record.Addresses[0] ?? null;
        return { ...record, Address: primary };
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
