import { Permissions } from '../../shared/permissions.js';
import { isMaskedSsn, maskSsn } from '../../shared/ssn.js';
import { Texts } from '../../shared/texts/index.js';
import { audit } from '../audit/auditLog.js';
import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import type { SealedSsn, SsnVault } from '../security/ssnVault.js';

/** A subject's SSN columns as stored. */
export interface StoredSsn {
  SSNCipher: string | null;
  SSNKeyId: string | null;
}

/** How an answer carries a subject's SSN: whole, or its last four digits (`*****1234`, shared/ssn.ts). */
export type SsnShown = 'full' | 'masked';

/** Whole for holders of View Full SSN, masked for everyone else. */
export const ssnShownTo = (auth: AuthContext): SsnShown => (auth.can(Permissions.CaseSubjects.VIEW_FULL_SSN) ? 'full' : 'masked');

export const presentSsn = (vault: SsnVault, stored: StoredSsn, shown: SsnShown): string | null =>
  shown === 'full' ? vault.open(stored) : vault.masked(stored);

/**
 * Records that a caller received a case subject's whole SSN: each answer that carries one, and each Reveal. `how`
 * names the answer (`read-ssn` for a case, `case-xml`, `reveal-ssn`).
 */
export const auditSsnRead = (db: Database, caseId: number, how: string) =>
  audit(db, { entity: 'cases', entityId: caseId, action: how, fields: ['Subject.SSN'] });

/**
 * The SSN columns a save writes. A new SSN is sealed; the masked value the caller was shown, sent back unchanged,
 * keeps the stored SSN (nothing to write), so a form saves without its user ever reading the SSN; so does the whole SSN
 * sent back unchanged. Another masked value is refused: it cannot be anyone's SSN.
 */
export function ssnColumnsFor(vault: SsnVault, given: string, stored: StoredSsn | null, field: string): Partial<SealedSsn> {
  const ssn = given.trim();
  const current = stored && stored.SSNCipher !== null ? vault.open(stored) : null;
  if (!isMaskedSsn(ssn)) return ssn === current ? {} : vault.seal(ssn);
  if (current !== null && maskSsn(current) === ssn) return {};
  throw ValidationError.field(field, Texts.cases.server.ssnRefused);
}

/** The SSN columns of a subject row (select them to present or keep its SSN). */
export const SSN_COLUMNS = ['SSNCipher', 'SSNKeyId'] as const;
