import { Texts } from '../../shared/texts/index.js';
import { messageResponse, route, type ApiArea } from '../http/route.js';
import { confirmEmail, resendConfirmation } from './confirmation.js';
import { mailContext } from './mailContext.js';
import {
  changeExpiredPassword,
  requestPasswordReset,
  resetPassword,
  sendUserNames,
  type ExpiredPasswordChange,
  type ResetRequest,
} from './passwordReset.js';

const ref = (id: string) => ({ $ref: id });

/** A user id from a link's query string may arrive as text; one out of range simply matches no user. */
function userIdOf(value: number | string): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : 0;
}

/**
 * Account recovery: public pages' calls, rate-limited per client address. Requests about an account (forgot
 * password, forgot username, resend verification) answer the same status and body whether or not it exists.
 */
export const recoveryArea: ApiArea = {
  name: 'recovery',
  routes: [
    route<{ Body: { Username: string } }>({
      method: 'POST',
      url: '/api/user/forgot-password',
      access: 'public',
      rateLimitPerMinute: 10,
      summary: 'E-mail a single-use password reset link; answers the same whether or not the username exists',
      schema: { body: ref('forgotPassword.json'), response: { 200: messageResponse } },
      async handler(request) {
        await requestPasswordReset(mailContext(request), request.body.Username);
        return { Message: Texts.account.forgotPasswordNote };
      },
    }),
    route<{ Body: { Email: string } }>({
      method: 'POST',
      url: '/api/user/forgot-username',
      access: 'public',
      rateLimitPerMinute: 10,
      summary: 'E-mail the username(s) registered for an address; answers the same whether or not it is known',
      schema: { body: ref('forgotUsername.json'), response: { 200: messageResponse } },
      async handler(request) {
        await sendUserNames(mailContext(request), request.body.Email);
        return { Message: Texts.account.emailSent };
      },
    }),
    route<{ Body: ResetRequest }>({
      method: 'POST',
      url: '/api/user/reset-password',
      access: 'public',
      rateLimitPerMinute: 20,
      summary: 'Set a new password with a reset code; ends every session of the user',
      schema: { body: ref('resetPassword.json'), response: { 200: messageResponse } },
      async handler(request) {
        const { services } = request.server;
        const user = await resetPassword(mailContext(request), request.body);
        await services.signIn.clearFailures(user.UserName);
        await services.sessions.endAllFor(user.Id);
        return { Message: Texts.account.passwordChanged };
      },
    }),
    route<{ Body: ExpiredPasswordChange }>({
      method: 'POST',
      url: '/api/user/anonymous-password',
      access: 'public',
      rateLimitPerMinute: 20,
      summary: 'Change an expired password with the old one; wrong credentials answer ModelState.invalid_login',
      schema: { body: ref('anonymousPassword.json'), response: { 200: messageResponse } },
      async handler(request) {
        const { services } = request.server;
        const user = await changeExpiredPassword(mailContext(request), services.signIn, request.body);
        await services.sessions.endAllFor(user.Id);
        return { Message: Texts.account.passwordUpdated };
      },
    }),
    route<{ Body: { UserId: number | string; Code: string } }>({
      method: 'POST',
      url: '/api/user/confirm',
      access: 'public',
      rateLimitPerMinute: 20,
      summary:
        'Confirm an e-mail address; for a user without a password also answers a reset Code to choose the first one',
      schema: {
        body: ref('confirmEmail.json'),
        response: {
          200: {
            type: 'object',
            properties: { Message: { type: 'string' }, UserName: { type: 'string' }, Code: { type: ['string', 'null'] } },
          },
        },
      },
      async handler(request) {
        const result = await confirmEmail(mailContext(request), userIdOf(request.body.UserId), request.body.Code);
        return { Message: Texts.identity.recovery.emailConfirmed, ...result };
      },
    }),
    route<{ Body: { UserId: number | string } }>({
      method: 'POST',
      url: '/api/user/resendmail',
      access: 'public',
      rateLimitPerMinute: 10,
      summary: 'Resend the verification e-mail to an account awaiting confirmation; answers the same for any UserId',
      schema: { body: ref('resendMail.json'), response: { 200: messageResponse } },
      async handler(request) {
        await resendConfirmation(mailContext(request), userIdOf(request.body.UserId));
        return { Message: Texts.identity.recovery.confirmationSent };
      },
    }),
  ],
};
