import type { ApiRecord } from '../../resources/declaration.js';
import { useCaseLock, type CaseStateFields } from '../cases/caseRules.js';

/** A case inactive (on hold, discontinued, complete) without Edit Inactive Cases, or held by another user. */
function useCaseClosed(record: ApiRecord | undefined): boolean {
  return useCaseLock(record as CaseStateFields | undefined).closed;
}

/**
 * Whether a record is closed to changes for the signed-in user, by the name a declaration's `recordLock` gives: its
 * sub-resources then list read only under its expanded row, as the server would refuse their changes. Each is a
 * hook; the declaration names one for good, so the same hook runs on every render.
 */
export const recordLocks: Record<string, (record: ApiRecord | undefined) => boolean> = {
  case: useCaseClosed,
};
