import { sqlMigration } from './sqlMigration.js';

/**
 * Identity administration: a confirmation code sent with "resend verification" remembers the deactivation it was
 * sent with, so confirming the e-mail lifts exactly that deactivation and no later one.
 */
export default sqlMigration([`ALTER TABLE user_tokens ADD COLUMN "ReleasesLockout" timestamptz`]);
