import { Texts } from '../../shared/texts/index.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { accountOperations } from '../../resources/account.js';
import { confirmEmail, resendConfirmation } from './confirmation.js';
import { mailContext } from './mailContext.js';
import {
  changeExpiredPassword,
  requestPasswordReset,
  resetPassword,
  sendUserNames,
} from './passwordReset.js';

/** A user id from a link's query string may arrive as text; one out of range simply matches no user. */
function userIdOf(value: number | string): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : 0;
}

/**
 * Account recovery, the handlers of the account contract's public operations (resources/account.ts), rate-limited
 * per client address. Requests about an account (forgot
 * password, forgot username, resend verification) answer the same status and body whether or not it exists.
 */
export const recoveryArea: ApiArea = {
  name: 'recovery',
  routes: operationRoutes(accountOperations, {
    async forgotPassword(request) {
      await requestPasswordReset(mailContext(request), request.body.Username);
      return { Message: Texts.account.forgotPasswordNote };
    },
    async forgotUsername(request) {
      await sendUserNames(mailContext(request), request.body.Email);
      return { Message: Texts.account.emailSent };
    },
    async resetPassword(request) {
      const { services } = request.server;
      const user = await resetPassword(mailContext(request), request.body);
      await services.signIn.clearFailures(user.UserName);
      await services.sessions.endAllFor(user.Id);
      return { Message: Texts.account.passwordChanged };
    },
    async expiredPassword(request) {
      const { services } = request.server;
      const user = await changeExpiredPassword(mailContext(request), services.signIn, request.body);
      await services.sessions.endAllFor(user.Id);
      return { Message: Texts.account.passwordUpdated };
    },
    async confirmEmail(request) {
      const result = await confirmEmail(mailContext(request), userIdOf(request.body.UserId), request.body.Code);
      return { Message: Texts.identity.recovery.emailConfirmed, ...result };
    },
    async resendConfirmation(request) {
      await resendConfirmation(mailContext(request), userIdOf(request.body.UserId));
      return { Message: Texts.identity.recovery.confirmationSent };
    },
  }),
};
