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

/**
 * Refuses a change of the case's fields (its form, subject, reviewer) when the case is locked to another user in
 * data entry, or inactive without Edit Inactive Cases: 409, saying why.
 */
export async function assertCaseEditable(db: Database, auth: AuthContext, row: CaseRow): Promise<void> {
  if (lockedToOther(row, auth)) {
    const holder = await db.selectFrom('users').select(['FirstName', 'LastName']).where('Id', '=', row.LockedTo_Id!).executeTakeFirst();
    throw conflict(T.lockedToOther(holder ? `${holder.FirstName} ${holder.LastName}` : 'another user'));
  }
  if (isInactive(row) && !auth.can(Permissions.Cases.EDIT_INACTIVE_CASES)) throw conflict(T.inactive);
}
