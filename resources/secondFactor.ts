import { anyOf } from '../shared/access.js';
import { Permissions } from '../shared/permissions.js';
import { SignInLimits } from '../shared/constants.js';
import { defineOperations } from './operation.js';

const P = Permissions.Users;

/**
 * The second sign-in factor's contract (issue 26 §2, TOTP): the signed-in user's status, enrolment (start, then
 * confirm with a code, which answers the ten recovery codes once) and turning it off (password and a code) from
 * /account; the same enrolment for a sign-in that answered `mfa_enrollment_required`, public and allowed only by its
 * mfa_token; and an administrator's view and reset of a user's factor (the users' edit permission; audited). The
 * code step of the sign-in itself is the second grant of POST /oauth/token (server/auth/routes.ts). No screens of its
 * own: /account, the sign-in page and the user's edit form call it. Handlers: server/secondFactor/routes.ts.
 */
export const secondFactorOperations = defineOperations({
  status: {
    method: 'GET',
    path: '/api/user/second-factor',
    access: 'signedIn',
    summary: "The signed-in user's two-step sign-in: on or off, required by their groups, recovery codes left",
    answer: 'secondFactorStatus.json',
  },
  start: {
    method: 'POST',
    path: '/api/user/second-factor/enrolment',
    access: 'signedIn',
    summary: 'Begin enrolment: a new TOTP secret, kept pending; answers its otpauth:// URI and the secret as text',
    answer: 'secondFactorEnrolment.json',
  },
  confirm: {
    method: 'POST',
    path: '/api/user/second-factor/enrolment/confirm',
    access: 'signedIn',
    summary: 'Confirm the pending enrolment with a code; turns two-step sign-in on and answers ten recovery codes, once',
    body: 'secondFactorCode.json',
    answer: 'secondFactorRecoveryCodes.json',
  },
  disable: {
    method: 'POST',
    path: '/api/user/second-factor/disable',
    access: 'signedIn',
    summary: 'Turn two-step sign-in off with the own password and a code or recovery code; refused when the groups require it',
    body: 'secondFactorDisable.json',
    answer: 'message.json',
  },
  challengeStart: {
    method: 'POST',
    path: '/api/sign-in/second-factor/enrolment',
    access: 'public',
    rateLimitPerMinute: SignInLimits.FAILURES_PER_ADDRESS_PER_MINUTE,
    summary: 'Begin enrolment during a sign-in that answered mfa_enrollment_required, by its mfa_token',
    body: 'secondFactorChallenge.json',
    answer: 'secondFactorEnrolment.json',
  },
  challengeConfirm: {
    method: 'POST',
    path: '/api/sign-in/second-factor/enrolment/confirm',
    access: 'public',
    rateLimitPerMinute: SignInLimits.FAILURES_PER_ADDRESS_PER_MINUTE,
    summary: 'Confirm that enrolment with a code; answers the recovery codes once, then grant_type=mfa_enrollment signs in',
    body: 'secondFactorChallengeCode.json',
    answer: 'secondFactorRecoveryCodes.json',
  },
  userStatus: {
    method: 'GET',
    path: '/api/identity/users/:id/second-factor',
    access: anyOf(P.VIEW_USERS),
    summary: "A user's two-step sign-in: on or off, required by their groups, recovery codes left",
    answer: 'secondFactorStatus.json',
  },
  reset: {
    method: 'DELETE',
    path: '/api/identity/users/:id/second-factor',
    access: anyOf(P.EDIT_USERS),
    summary: "Reset a user's two-step sign-in (its secret, recovery codes and pending sign-ins); audited",
    answer: 'secondFactorStatus.json',
  },
});
