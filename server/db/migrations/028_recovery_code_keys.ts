import { sqlMigration } from './sqlMigration.js';

/**
 * The id of the key each recovery code was hashed under (`CodeKeyId`): a code is kept as a keyed hash, which a key
 * rotation cannot make again without the code, so `npm run rotate-key` says how many unused codes each older key still
 * holds before it may go. Null for codes made before this migration (their key is not known).
 */
export default sqlMigration([`ALTER TABLE user_recovery_codes ADD COLUMN "CodeKeyId" text`]);
