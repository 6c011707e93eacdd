import { sql, type Kysely, type Migration } from 'kysely';
import type { SsnVault } from '../../security/ssnVault.js';

/**
 * Subjects' SSNs sealed at rest (issue 21 §2): `SSNCipher` (AES-256-GCM), `SSNKeyId` (the key that sealed it) and
 * `SSNHash` (a keyed hash that finds equal SSNs for duplicate detection, indexed). Every SSN already stored is sealed
 * here, in batches, inside the migration's transaction; then the plain column goes. The table is rewritten when the
 * migration ends (server/db/database.ts: VACUUM FULL), so the plain values do not stay in its old pages.
 */
export function sealedSsnMigration(vault: SsnVault | undefined): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE case_subjects ADD COLUMN "SSNCipher" text, ADD COLUMN "SSNKeyId" text, ADD COLUMN "SSNHash" text`.execute(db);
      for (let lastId = 0; ; ) {
        const { rows } = await sql<{ Id: number; SSN: string }>`
          SELECT "Id", "SSN" FROM case_subjects WHERE "Id" > ${lastId}::integer AND "SSN" IS NOT NULL ORDER BY "Id" LIMIT ${BATCH}::integer`.execute(db);
        if (!rows.length) break;
        if (!vault) throw new Error('Sealing the stored SSNs needs the secret key: start Dossier with DOSSIER_SECRET_KEY (README, "Secret key").');
        const sealed = rows.map((row) => ({ Id: row.Id, ...vault.seal(row.SSN) }));
        await sql`
          UPDATE case_subjects AS s SET "SSNCipher" = v.cipher, "SSNKeyId" = v.key_id, "SSNHash" = v.hash
          FROM (SELECT * FROM unnest(${sealed.map((r) => r.Id)}::integer[], ${sealed.map((r) => r.SSNCipher)}::text[],
                ${sealed.map((r) => r.SSNKeyId)}::text[], ${sealed.map((r) => r.SSNHash)}::text[]) AS t(id, cipher, key_id, hash)) AS v
          WHERE s."Id" = v.id`.execute(db);
        lastId = rows[rows.length - 1].Id;
      }
      await sql`DROP INDEX IF EXISTS case_subjects_duplicate`.execute(db);
      await sql`ALTER TABLE case_subjects DROP COLUMN "SSN"`.execute(db);
      await sql`CREATE INDEX case_subjects_ssn_hash ON case_subjects ("SSNHash")`.execute(db);
    },
  };
}

const BATCH = 1000;

/** Tables whose old pages held plain SSNs: rewritten once after this migration runs (VACUUM FULL cannot run in it). */
export const REWRITE_AFTER_SEALING = ['case_subjects', 'audit_log'] as const;
