import { screen } from '@testing-library/react';
import { Permissions, Tags } from '../../../shared/permissions.js';
import { CaseTexts } from '../../../shared/texts/cases.js';
import { writeState } from '../../../dataProvider/session.js';
import { ALL, ME, OTHER } from './caseWorkflow.js';
import { fakeServer, signedInAs } from './fakeServer.js';
import { renderAt } from './renderApp.js';

const P = Permissions.Cases;
const S = CaseTexts.server;

type Json = Record<string, unknown>;
type Answer = { status?: number; body?: unknown } | undefined;
type Request = { method: string; url: string; body: unknown };

/**
 * What the fake server says of a case to a user with `roles` (and the Case Admin tag, or not), as the real one does
 * (server/cases/workflow.ts, caseAccess.ts): the steps they may take now and why they may not change the case.
 */
function saidOf(c: Json, roles: readonly string[], caseAdmin: boolean): { Steps: string[]; LockedReason: string | null } {
  const state = String(c.WorkflowState);
  const can = (permission: string) => roles.includes(permission);
  const held = c.LockedTo_Id != null && c.LockedTo_Id !== ME && !caseAdmin && (state === 'DATA_ENTRY_IN_PROCESS' || state === 'HOLD');
  const heldReason = held ? (state === 'HOLD' ? S.heldByOther('Dana Ellis') : S.lockedToOther('Dana Ellis')) : null;
  const inactive = ['HOLD', 'DISCONTINUED', 'COMPLETE'].includes(state) && !can(P.EDIT_INACTIVE_CASES) && !caseAdmin;
  const stopped = ['HOLD', 'DISCONTINUED', 'COMPLETE'].includes(state);
  const starts: Record<string, [boolean, string]> = {
    startDataEntry: [state === 'AWAITING_DATA_ENTRY', P.MARK_DATA_ENTRY_COMPLETE],
    dataEntryComplete: [state === 'DATA_ENTRY_IN_PROCESS', P.MARK_DATA_ENTRY_COMPLETE],
    reactivate: [state === 'HOLD', P.PUT_CASE_ON_HOLD],
    resume: [state === 'DISCONTINUED', P.RESUME_A_CASE],
    hold: [!stopped, P.PUT_CASE_ON_HOLD],
    discontinue: [!stopped, P.DISCONTINUE_CASE],
  };
  const Steps = held ? [] : Object.entries(starts).filter(([, [from, permission]]) => from && can(permission)).map(([step]) => step);
  return { Steps, LockedReason: heldReason ?? (inactive ? S.inactive : null) };
}

const workflowOf = (c: Json, said: ReturnType<typeof saidOf>) => ({
  Id: c.Id,
  WorkflowState: c.WorkflowState,
  CaseStatusType: c.CaseStatusType,
  DueDate: c.DueDate,
  CompletionDate: c.CompletionDate,
  LockedTo_Id: c.LockedTo_Id,
  LockedToName: c.LockedTo_Id === OTHER ? 'Dana Ellis' : c.LockedTo_Id === ME ? 'Terry Tester' : null,
  ...said,
});

/**
 * The app at /cases/{id}, signed in with `roles`, against a server holding `record`: the case, its workflow poll,
 * the panels' lists and the workflow steps (each moving the case as the server would). `override` answers first.
 */
export function setup(record: Json, roles: string[] = ALL, options: { override?: (request: Request, record: Json) => Answer; tags?: string[]; path?: string } = {}) {
  const said = () => saidOf(record, roles, (options.tags ?? []).includes(Tags.CASE_ADMIN));
  const server = fakeServer((request) => {
    const answer = options.override?.(request, record);
    if (answer) return answer;
    const { method, url } = request;
    const id = String(record.Id);
    // The page asks for the subject's SSN masked, whoever reads it.
    if (method === 'GET' && url === `/api/cases/${id}?ssn=masked`) return { body: { ...record, ...said() } };
    if (method === 'GET' && url === `/api/workflows/cases/${id}`) return { body: workflowOf(record, said()) };
    const step = new RegExp(`^/api/cases/${id}/(start-data-entry|data-entry-complete|toggle-on-hold|discontinue|resume)$`).exec(url);
    if (method === 'PUT' && step) {
      const moves: Record<string, Json> = {
        'start-data-entry': { WorkflowState: 'DATA_ENTRY_IN_PROCESS', LockedTo_Id: ME },
        'data-entry-complete': { WorkflowState: 'AWAITING_ASSIGNMENT', LockedTo_Id: null, DataEntryComplete: true, DueDate: '2025-04-01' },
        'toggle-on-hold': record.CaseStatusType === 'HOLD' ? { WorkflowState: 'AWAITING_DATA_ENTRY', CaseStatusType: 'NORMAL' } : { WorkflowState: 'HOLD', CaseStatusType: 'HOLD' },
        discontinue: { WorkflowState: 'DISCONTINUED', CompletionDate: '2025-03-20T10:00:00.000Z' },
        resume: { WorkflowState: 'AWAITING_DATA_ENTRY', CompletionDate: null },
      };
      Object.assign(record, moves[step[1]]);
      return { body: workflowOf(record, said()) };
    }
    if (method === 'GET' && (url.startsWith(`/api/cases/${id}/items`) || url === `/api/cases/${id}/attachments` || url === `/api/cases/${id}/messages`)) return { body: [] };
    if (method === 'GET' && url === `/api/cases/${id}/CaseCustomParameters`) return { body: [] };
    if (method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/live')) return { body: [] };
    return undefined;
  });
  signedInAs(roles, { Id: ME });
  writeState((s) => ({ ...s, account: { ...s.account, permissions: { roles, groups: [], tags: options.tags ?? [] } } }));
  renderAt(options.path ?? `/cases/${String(record.Id)}`);
  return server;
}

export const heading = (record: Json) => screen.findByRole('heading', { level: 1, name: `Case ${String(record.CaseNumber)}` }, { timeout: 15_000 });
export const caseReads = (calls: Request[], id: number) => calls.filter((c) => c.method === 'GET' && c.url === `/api/cases/${id}?ssn=masked`).length;
