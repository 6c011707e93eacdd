import type { Database } from '../db/database.js';
import type { CaseState, ItemStatus } from '../../shared/workflow.js';
import type { WebhookEventType } from '../../shared/webhooks.js';
import { anyListener, raiseEvent } from './events.js';

/** The states in which a case's report of investigation is final (server/roi/routes.ts `reportIsFinal`): it is ready. */
const REPORT_READY: readonly CaseState[] = ['COMPLETE', 'DISCONTINUED'];

const caseFacts = (db: Database, caseId: number) =>
  db.selectFrom('cases').select(['Id', 'CaseNumber', 'Client_Id']).where('Id', '=', caseId).executeTakeFirst();

/**
 * The webhook events of one line of a case's history (server/cases/workflow.ts `recordHistory`, the one writer of
 * every case creation and state change): case.created, case.state_changed, and report.ready when the case enters a
 * state whose report is final. Inside the change's transaction.
 */
export async function raiseCaseHistoryEvents(db: Database, caseId: number, from: CaseState | null, to: CaseState, action: string): Promise<void> {
  const types: WebhookEventType[] = [];
  if (from === null) types.push('case.created');
  else if (from !== to) types.push('case.state_changed');
  if (from !== to && REPORT_READY.includes(to) && !(from && REPORT_READY.includes(from))) types.push('report.ready');
  if (!types.length || !(await anyListener(db, types))) return;
  const row = await caseFacts(db, caseId);
  if (!row) return;
  const base = { caseId, caseNumber: row.CaseNumber, orgId: row.Client_Id };
  for (const type of types) {
    const data = type === 'case.created' ? { ...base, state: to } : type === 'report.ready' ? { ...base, state: to } : { ...base, from, to, action };
    await raiseEvent(db, { type, caseId, orgId: row.Client_Id, data });
  }
}

/** One item's change as the item workflow made it. */
export interface ItemChange {
  itemId: number;
  itemNumber: number;
  from: ItemStatus;
  to: ItemStatus;
}

/**
 * The webhook events of a bulk item call (server/items/itemWorkflow.ts `changeItems`): item.status_changed for each
 * item whose status changed, and item.submitted for each item a submit sent to review. Inside its transaction.
 */
export async function raiseItemEvents(db: Database, caseId: number, changes: readonly ItemChange[], submitted: boolean): Promise<void> {
  const changed = changes.filter((c) => c.from !== c.to);
  if (!changed.length && !submitted) return;
  if (!(await anyListener(db, ['item.status_changed', 'item.submitted']))) return;
  const row = await caseFacts(db, caseId);
  if (!row) return;
  for (const change of changes) {
    const data = { caseId, caseNumber: row.CaseNumber, orgId: row.Client_Id, itemId: change.itemId, itemNumber: change.itemNumber, from: change.from, to: change.to };
    if (change.from !== change.to) await raiseEvent(db, { type: 'item.status_changed', caseId, orgId: row.Client_Id, data });
    if (submitted) await raiseEvent(db, { type: 'item.submitted', caseId, orgId: row.Client_Id, data });
  }
}

/** invoice.created, in the transaction that makes the invoice final (server/billing/invoicing.ts). */
export async function raiseInvoiceCreated(db: Database, invoice: { Id: number; Org_Id: number; InvoiceDate: string; Total: number; Case_Ids: readonly number[]; QboInvoiceId: string | null }): Promise<void> {
  await raiseEvent(db, {
    type: 'invoice.created',
    caseId: null,
    orgId: invoice.Org_Id,
    data: { invoiceId: invoice.Id, orgId: invoice.Org_Id, invoiceDate: invoice.InvoiceDate, total: invoice.Total, caseIds: invoice.Case_Ids, qboInvoiceId: invoice.QboInvoiceId },
  });
}
