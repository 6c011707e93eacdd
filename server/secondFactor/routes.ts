import { Texts } from '../../shared/texts/index.js';
import { secondFactorOperations } from '../../resources/secondFactor.js';
import { audit } from '../audit/auditLog.js';
import { verifyPassword } from '../auth/secrets.js';
import { authOf } from '../http/access.js';
import { ValidationError, badRequest } from '../http/errors.js';
import { operationRoutes } from '../http/operationRoutes.js';
import type { ApiArea } from '../http/route.js';
import { managedUser, visibleUser } from '../identity/userAccess.js';
import type { Database } from '../db/database.js';
import type { Services } from '../services.js';
import { countWrongCode, findChallenge, markEnrolled } from './challenges.js';
import { acceptRecoveryCode, acceptTotp, confirmEnrolment, factorStatus, removeFactor, startEnrolment } from './factors.js';
import { enrolmentOf, looksLikeTotp } from './totp.js';
import { totpVaultOf } from './vaultOf.js';

const T = Texts.secondFactor;

type Who = { Id: number; UserName: string };

/** Begins an enrolment for a user (own, or by a sign-in's challenge), audited; answers what the authenticator app needs. */
async function begin(db: Database, services: Services, user: Who) {
  const vault = totpVaultOf(services.ssn.keyring);
  const secret = await db.transaction().execute(async (trx) => {
    const made = await startEnrolment(trx, vault, user.Id, services.now());
    if (made) await audit(trx, { entity: 'users', entityId: user.Id, action: 'second-factor-enrolment-started', userId: user.Id, userName: user.UserName });
    return made;
  });
  if (!secret) throw badRequest(T.enrol.alreadyOn);
  return enrolmentOf(secret, user.UserName);
}

/**
 * Confirms a user's pending enrolment with a code, in one transaction with its audit entry (and `also`, a write of
 * the caller's); answers the recovery codes once. A wrong code is a 400 on Code (`onWrong` counts it first).
 */
async function confirm(db: Database, services: Services, user: Who, code: string, also: (trx: Database) => Promise<void>, onWrong: () => Promise<string>) {
  const vault = totpVaultOf(services.ssn.keyring);
  const result = await db.transaction().execute(async (trx) => {
    const confirmed = await confirmEnrolment(trx, vault, user.Id, code, services.now());
    if (confirmed.ok) {
      await audit(trx, { entity: 'users', entityId: user.Id, action: 'second-factor-enabled', userId: user.Id, userName: user.UserName });
      await also(trx);
    }
    return confirmed;
  });
  if (result.ok) return { Message: T.enrol.enabled, RecoveryCodes: result.recoveryCodes };
  if (result.reason === 'notStarted') throw badRequest(T.enrol.notStarted);
  throw ValidationError.field('Code', await onWrong());
}

/** The live enrolment challenge of a sign-in (mfa_enrollment_required) not yet enrolled, or a 400 saying it ended. */
async function enrolmentChallenge(db: Database, services: Services, token: string) {
  const challenge = await findChallenge(db, token, services.now());
  if (!challenge || challenge.Kind !== 'enrol' || challenge.EnrolledDate) throw badRequest(T.signIn.expired);
  if (await services.signIn.isLocked(challenge.UserName)) throw badRequest(Texts.signIn.locked);
  return { challenge, user: { Id: challenge.User_Id, UserName: challenge.UserName } };
}

/** The signed-in user's id and username. */
const caller = (request: Parameters<typeof authOf>[0]): Who => {
  const auth = authOf(request);
  return { Id: auth.userId, UserName: auth.userName };
};

/** The handlers of the second factor's contract (resources/secondFactor.ts). */
export const secondFactorArea: ApiArea = {
  name: 'secondFactor',
  routes: operationRoutes(secondFactorOperations, {
    async status(request) {
      return factorStatus(request.server.db, authOf(request).userId);
    },
    async start(request) {
      return begin(request.server.db, request.server.services, caller(request));
    },
    async confirm(request) {
      // Signed in already: a mistyped code while setting up is said under the field, not counted toward a lock.
      return confirm(request.server.db, request.server.services, caller(request), request.body.Code, async () => undefined, async () => T.signIn.invalidCode);
    },
    async disable(request) {
      const { db, services } = request.server;
      const user = caller(request);
      const status = await factorStatus(db, user.Id);
      if (!status.Enabled) throw badRequest(T.disable.notOn);
      if (status.Required) throw badRequest(T.disable.required);
      const stored = await db.selectFrom('users').select('PasswordHash').where('Id', '=', user.Id).executeTakeFirstOrThrow();
      if (!(await verifyPassword(stored.PasswordHash, request.body.Password))) throw ValidationError.field('Password', T.disable.invalidPassword);
      const vault = totpVaultOf(services.ssn.keyring);
      const code = request.body.Code;
      const totp = looksLikeTotp(code);
      const accepted = totp ? await acceptTotp(db, vault, user.Id, code, services.now()) : await acceptRecoveryCode(db, vault, user.Id, code, services.now());
      if (!accepted) throw ValidationError.field('Code', await services.signIn.countWrongCode(user, totp ? T.signIn.invalidCode : T.signIn.invalidRecoveryCode));
      await db.transaction().execute(async (trx) => {
        await removeFactor(trx, user.Id);
        await audit(trx, { entity: 'users', entityId: user.Id, action: 'second-factor-disabled' });
      });
      return { Message: T.disable.disabled };
    },
    async challengeStart(request) {
      const { db, services } = request.server;
      const { user } = await enrolmentChallenge(db, services, request.body.MfaToken);
      return begin(db, services, user);
    },
    async challengeConfirm(request) {
      const { db, services } = request.server;
      const { challenge, user } = await enrolmentChallenge(db, services, request.body.MfaToken);
      return confirm(
        db,
        services,
        user,
        request.body.Code,
        (trx) => markEnrolled(trx, challenge.Id, services.now()),
        // Without a session: a wrong code counts toward the challenge's attempts and the username's lockout.
        async () => {
          await countWrongCode(db, challenge);
          return services.signIn.countWrongCode(user, T.signIn.invalidCode);
        },
      );
    },
    async userStatus(request) {
      const { db } = request.server;
      const user = await visibleUser(db, authOf(request), request.params.id);
      return factorStatus(db, user.Id);
    },
    async reset(request) {
      const { db } = request.server;
      const user = await managedUser(db, authOf(request), request.params.id);
      await db.transaction().execute(async (trx) => {
        await removeFactor(trx, user.Id);
        await audit(trx, { entity: 'users', entityId: user.Id, action: 'second-factor-reset' });
      });
      return factorStatus(db, user.Id);
    },
  }),
};
