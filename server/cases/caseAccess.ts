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
  const row = (await query.executeTakeFirst()) as CaseRow | undefined;
  if (!row || !inScope(await orgScopeOf(db, auth), row.Client_Id)) throw notFound(T.notFound);
  return row;
}

/** HOLD, DISCONTINUED and COMPLETE cases are inactive (spec 001 §4). */
export const isInactive = (row: Pick<CaseRow, 'WorkflowState'>) => INACTIVE_CASE_STATES.includes(row.WorkflowState);

/** Whether the case is held by another user (data entry, or on hold while locked), and the caller is not exempt. */
export const lockedToOther = (row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>, auth: AuthContext) =>
  row.LockedTo_Id !== null && row.LockedTo_Id !== auth.userId && !auth.isCaseAdmin && (row.WorkflowState === 'DATA_ENTRY_IN_PROCESS' || row.WorkflowState === 'HOLD');

/** The name of the user holding the case (`LockedTo_Id`), as refusals say it. */
async function holderName(db: Database, row: Pick<CaseRow, 'LockedTo_Id'>): Promise<string> {
  const holder = row.LockedTo_Id === null ? undefined : await db.selectFrom('users').select(['FirstName', 'LastName']).where('Id', '=', row.LockedTo_Id).executeTakeFirst();
  return holder ? `${holder.FirstName} ${holder.LastName}` : 'another user';
}

/**
 * Why the case is held by another user for the caller (in data entry, or on hold while locked to them), naming the
 * holder; null when it is not (no lock, the caller's own, or the caller is a case administrator).
 */
export async function lockedToOtherReason(db: Database, auth: AuthContext, row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>): Promise<string | null> {
  if (!lockedToOther(row, auth)) return null;
  const name = await holderName(db, row);
  return row.WorkflowState === 'HOLD' ? T.heldByOther(name) : T.lockedToOther(name);
}

/**
 * Why the caller may not change the case — its fields, subject, reviewer, papers and items (spec 001 §4) —, or null
 * when they may: locked to another user in data entry or on hold (case administrators exempt), or inactive (on hold,
 * discontinued, complete) without Edit Inactive Cases. The case answers it as `LockedReason`; every change refuses by it.
 */
export async function caseLockReason(db: Database, auth: AuthContext, row: Pick<CaseRow, 'LockedTo_Id' | 'WorkflowState'>): Promise<string | null> {
  const locked = await lockedToOtherReason(db, auth, row);
  if (locked) return locked;
  if (isInactive(row) && !auth.can(Permissions.Cases.EDIT_INACTIVE_CASES)) return T.inactive;
  return null;
}

/** Refuses a change of the case (its form, subject, reviewer, papers, items) with 409 and `caseLockReason`. */
export async function assertCaseEditable(db: Database, auth: AuthContext, row: CaseRow): Promise<void> {
  const reason = await caseLockReason(db, auth, row);
  if (reason) throw conflict(reason);
}
