import accountSchema from '../schemas/account.json' with { type: 'json' };
import userSchema from '../schemas/user.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ApiRecord } from './declaration.js';
import { defineOperations } from './operation.js';

const account = accountSchema as unknown as ObjectSchema;
const user = userSchema as unknown as ObjectSchema;

/** What the own account shows of the user record but only an administrator changes (never sent). */
const SHOWN_ONLY = ['UserName', 'Org_Id', 'Title', 'GroupIds', 'EmploymentStatusType_Id', 'Manager_Id', 'ContractTypeIds'];

/** account.json (what PUT /api/user takes) with the record's other fields, read only, for the form to show. */
const schema: ObjectSchema = {
  ...account,
  properties: { ...account.properties, ...Object.fromEntries(SHOWN_ONLY.map((field) => [field, { ...user.properties[field], readOnly: true }])) },
};

/**
 * The account contract's named operations: the signed-in user's phone numbers and password change, and account
 * recovery — public calls, each rate-limited per client address; requests about an account (forgot password,
 * forgot username, resend verification) answer the same whether or not it exists. Handlers: server/account/routes.ts
 * and server/recovery/routes.ts.
 */
export const accountOperations = defineOperations({
  phones: {
    method: 'GET',
    path: '/api/user/phones',
    access: 'signedIn',
    summary: "The signed-in user's phone numbers",
    answer: { list: 'ownPhone.json' },
  },
  changePassword: {
    method: 'POST',
    path: '/api/user/password',
    access: 'signedIn',
    summary: 'Change the own password; rule failures answer ModelState keyed by field',
    body: 'passwordChange.json',
    answer: 'message.json',
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/user/forgot-password',
    access: 'public',
    rateLimitPerMinute: 10,
    summary: 'E-mail a single-use password reset link; answers the same whether or not the username exists',
    body: 'forgotPassword.json',
    answer: 'message.json',
  },
  forgotUsername: {
    method: 'POST',
    path: '/api/user/forgot-username',
    access: 'public',
    rateLimitPerMinute: 10,
    summary: 'E-mail the username(s) registered for an address; answers the same whether or not it is known',
    body: 'forgotUsername.json',
    answer: 'message.json',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/user/reset-password',
    access: 'public',
    rateLimitPerMinute: 20,
    summary: 'Set a new password with a reset code; ends every session of the user',
    body: 'resetPassword.json',
    answer: 'message.json',
  },
  expiredPassword: {
    method: 'POST',
    path: '/api/user/anonymous-password',
    access: 'public',
    rateLimitPerMinute: 20,
    summary: 'Change an expired password with the old one; wrong credentials answer ModelState.invalid_login',
    body: 'anonymousPassword.json',
    answer: 'message.json',
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/user/confirm',
    access: 'public',
    rateLimitPerMinute: 20,
    summary: 'Confirm an e-mail address; for a user without a password also answers a reset Code to choose the first one',
    body: 'confirmEmail.json',
    answer: 'emailConfirmed.json',
  },
  resendConfirmation: {
    method: 'POST',
    path: '/api/user/resendmail',
    access: 'public',
    rateLimitPerMinute: 10,
    summary: 'Resend the verification e-mail to an account awaiting confirmation; answers the same for any UserId',
    body: 'resendMail.json',
    answer: 'message.json',
  },
});

/**
 * The own account (/account, spec 000 §2 "Account screen", §5, §8): one record read by GET /api/user and saved
 * by PUT /api/user, shown by src/account/AccountPage.tsx beside the password panel. The form is the user record's
 * (resources/users.ts) with what only administrators change read only; settings, credentials and clearances show
 * for users in a group tagged Employee. A refused save says each of the server's messages as a toast too.
 */
export default defineResource({
  name: 'account',
  key: 'Id',
  schema,
  title: 'Manage Account',
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r: ApiRecord) => [r.FirstName, r.LastName].filter(Boolean).join(' '),
  singleton: true,
  operations: {
    one: { method: 'GET', path: '/api/user', access: 'signedIn' },
    update: { method: 'PUT', path: '/api/user', access: 'signedIn' },
  },
  named: accountOperations,
  paging: 'browser',
  // Every signed-in user has an account; the page's route (src/routes.tsx) needs only a session.
  permissions: { view: [] },
  remove: { kind: 'none' },
  list: { pageSize: 1, sort: { field: 'Id', order: 'ASC' } },
  form: { fields: Object.keys(account.properties) },
});
