import type { AuthContext } from '../auth/sessions.js';
import type { Database } from '../db/database.js';
import { conflict, notFound } from '../http/errors.js';
import { inScope, orgScopeOf } from '../orgs/scope.js';
import { Permissions } from '../../shared/permissions.js';
import { Texts } from '../../shared/texts/index.js';
import { INACTIVE_CASE_STATES, type CaseState } from '../../shared/workflow.js';

const T = Texts.cases.server;

/** What the workflow and the access rules read of a case. */
export interface CaseRow {
  Id: number;
  CaseNumber: string;
  Client_Id: number;
  CaseType_Id: number;
  CaseTemplate_Id: number | null;
  WorkflowState: CaseState;
  CaseStatusType: string;
  ResumeState: string | null;
  DataEntryComplete: boolean;
  LockedTo_Id: number | null;
  ReceivedDate: string | null;
  DueDate: string | null;
  CompletionDate: Date | string | null;
  Reviewer_Id: number | null;
  DataEntryClerk_Id: number | null;
  RequestingOfficial_Id: number | null;
}

const COLUMNS = [
  'Id', 'CaseNumber', 'Client_Id', 'CaseType_Id', 'CaseTemplate_Id', 'WorkflowState', 'CaseStatusType', 'ResumeState',
  'DataEntryComplete', 'LockedTo_Id', 'ReceivedDate', 'DueDate', 'CompletionDate', 'Reviewer_Id', 'DataEntryClerk_Id',
  'RequestingOfficial_Id',
] as const;

/**
 * The case, when it exists and the caller may see it (its org inside the caller's org scope); a 404 otherwise, so
 * an id outside the scope is not told apart from an unknown one. `forUpdate` locks the row until the transaction
 * ends: every workflow step reads its case this way, so two steps on one case run one after the other.
 */
export async function caseInScope(db: Database, auth: AuthContext, caseId: number, forUpdate = false): Promise<CaseRow> {
  let query = db.selectFrom('cases').select(COLUMNS).where('Id', '=', caseId);
  if (forUpdate) query = query.forUpdate();
  return seenInScope(db, auth, (await query.executeTakeFirst()) as CaseRow | undefined);
}

/** A case read by its id, when it exists and the caller may see it; the same 404 otherwise (see `caseInScope`). */
export async function seenInScope<Row extends Pick<CaseRow, 'Client_Id'>>(db: Database, auth: AuthContext, row: Row | undefined): Promise<Row> {
  if (!row || !inScope(await orgScopeOf(db, auth), row.Client_Id)) throw notFound(T.notFound);
  return row;
}

/** HOLD, DISCONTINUED and COMPLETE cases are inactive (spec 001 §4). */
export const isInactive = (row: Pick<CaseRow, 'WorkflowState'>) => INACTIVE_CASE_STATES.includes(row.WorkflowState);

/** Whether the case is held by another user (data entry, or on hold while locked), and the caller is not exempt. */
export const lockedToOther = (row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>, auth: AuthContext) =>
  row.LockedTo_Id !== null && row.LockedTo_Id !== auth.userId && !auth.isCaseAdmin && (row.WorkflowState === 'DATA_ENTRY_IN_PROCESS' || row.WorkflowState === 'HOLD');

/** The names of the users holding cases (their `LockedTo_Id`s), as refusals say them: one query for any number of cases. */
async function holderNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const holders = await db.selectFrom('users').select(['Id', 'FirstName', 'LastName']).where('Id', 'in', [...new Set(ids)]).execute();
  return new Map(holders.map((holder) => [holder.Id, `${holder.FirstName} ${holder.LastName}`]));
}

/** Why the case is held by another user for the caller, naming the holder (from `names`); null when it is not. */
function heldReason(auth: AuthContext, row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>, names: ReadonlyMap<number, string>): string | null {
  if (!lockedToOther(row, auth)) return null;
  const name = names.get(row.LockedTo_Id!) ?? 'another user';
  return row.WorkflowState === 'HOLD' ? T.heldByOther(name) : T.lockedToOther(name);
}

/**
 * Why the case is held by another user for the caller (in data entry, or on hold while locked to them), naming the
 * holder; null when it is not (no lock, the caller's own, or the caller is a case administrator).
 */
export async function lockedToOtherReason(db: Database, auth: AuthContext, row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>): Promise<string | null> {
  if (!lockedToOther(row, auth)) return null;
  return heldReason(auth, row, await holderNames(db, [row.LockedTo_Id!]));
}

/**
 * Why the caller may not change each case — its fields, subject, reviewer, papers and items (spec 001 §4) —, or null
 * when they may: locked to another user in data entry or on hold (case administrators exempt), or inactive (on hold,
 * discontinued, complete) without Edit Inactive Cases. A case answers it as `LockedReason`; every change refuses by
 * it. The holders of a page of cases are read in one query.
 */
export async function caseLockReasons(db: Database, auth: AuthContext, rows: readonly Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>[]): Promise<(string | null)[]> {
  const names = await holderNames(db, rows.filter((row) => lockedToOther(row, auth)).map((row) => row.LockedTo_Id!));
  return rows.map((row) => heldReason(auth, row, names) ?? (isInactive(row) && !auth.can(Permissions.Cases.EDIT_INACTIVE_CASES) ? T.inactive : null));
}

/** `caseLockReasons` of one case. */
export async function caseLockReason(db: Database, auth: AuthContext, row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>): Promise<string | null> {
  const [reason] = await caseLockReasons(db, auth, [row]);
  return reason;
}

/** Refuses a change of the case (its form, subject, reviewer, papers, items) with 409 and `caseLockReason`. */
export async function assertCaseEditable(db: Database, auth: AuthContext, row: CaseRow): Promise<void> {
  const reason = await caseLockReason(db, auth, row);
  if (reason) throw conflict(reason);
}
