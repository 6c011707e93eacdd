import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { hashToken, newToken } from '../auth/secrets.js';

/**
 * Single-use codes sent by e-mail (password reset, e-mail confirmation). The code itself goes into the link; the
 * database keeps only its SHA-256, its purpose, expiry and when it was used. Issuing a code retires the user's
 * older unused codes of the same purpose, so only the newest link works.
 */
export type CodePurpose = 'reset' | 'confirm';

export interface IssueOptions {
  userId: number;
  purpose: CodePurpose;
  now: Date;
  validForMs: number;
  releasesLockout?: Date | null;
}

export async function issueCode(trx: Kysely<DB>, options: IssueOptions): Promise<string> {
  const { userId, purpose, now } = options;
  await trx
    .updateTable('user_tokens')
    .set({ UsedDate: now })
    .where('User_Id', '=', userId)
    .where('Purpose', '=', purpose)
    .where('UsedDate', 'is', null)
    .execute();
  const code = newToken();
  await trx
    .insertInto('user_tokens')
    .values({
      User_Id: userId,
      Purpose: purpose,
      CodeHash: hashToken(code),
      ExpiresDate: new Date(now.getTime() + options.validForMs),
      CreatedDate: now,
      ReleasesLockout: options.releasesLockout ?? null,
    })
    .execute();
  return code;
}

/** The unused, unexpired code row matching the code text, or undefined. */
export async function findUsableCode(db: Database, purpose: CodePurpose, code: string, now: Date) {
  return db
    .selectFrom('user_tokens')
    .select(['Id', 'User_Id', 'ReleasesLockout'])
    .where('CodeHash', '=', hashToken(code))
    .where('Purpose', '=', purpose)
    .where('UsedDate', 'is', null)
    .where('ExpiresDate', '>', now)
    .executeTakeFirst();
}

/** Marks a code used; false when another request used it first (so a code works exactly once). */
export async function useCode(trx: Kysely<DB>, codeId: number, now: Date): Promise<boolean> {
  const used = await trx
    .updateTable('user_tokens')
    .set({ UsedDate: now })
    .where('Id', '=', codeId)
    .where('UsedDate', 'is', null)
    .returning('Id')
    .executeTakeFirst();
  return Boolean(used);
}
