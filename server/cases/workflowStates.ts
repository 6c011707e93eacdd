import { authOf } from '../http/access.js';
import type { ApiArea } from '../http/route.js';
import { operationRoutes } from '../http/operationRoutes.js';
import { caseOperations } from '../../resources/caseOperations.js';
import { CASE_STATE_LABELS, CaseStates, ITEM_STATUS_LABELS, ItemStatuses } from '../../shared/workflow.js';
import { defineStore } from '../resources/store.js';
import { caseInScope } from './caseAccess.js';
import { caseControls } from './workflow.js';

/** A workflow state as the state lists answer it: its code and the name screens show. */
interface WorkflowStateOption {
  Id: string;
  Description: string;
}

const CASE_STATE_OPTIONS: readonly WorkflowStateOption[] = Object.values(CaseStates).map((Id) => ({ Id, Description: CASE_STATE_LABELS[Id] }));
const ITEM_STATE_OPTIONS: readonly WorkflowStateOption[] = Object.values(ItemStatuses).map((Id) => ({ Id, Description: ITEM_STATUS_LABELS[Id] }));

/** The `case-states` declaration's store: the case workflow states in workflow order (the seven steps, then HOLD and DISCONTINUED). */
export const caseStatesStore = defineStore({
  summaries: { list: 'The case workflow states in workflow order: Id (the code) and Description' },
  async list() {
    return [...CASE_STATE_OPTIONS];
  },
});

/** The `item-states` declaration's store: the item statuses in workflow order. */
export const itemStatesStore = defineStore({
  summaries: { list: 'The item statuses in workflow order: Id (the code) and Description' },
  async list() {
    return [...ITEM_STATE_OPTIONS];
  },
});

/**
 * The workflow read of one case, the cases contract's `workflow` (spec 001 §7), which the case page polls to notice
 * steps taken elsewhere (org-scoped like the case itself: a case outside the caller's orgs is a 404). The lists of
 * case states and item statuses the filters offer are the `case-states` and `item-states` declarations
 * (resources/workflowStates.ts).
 */
export const workflowStatesArea: ApiArea = {
  name: 'workflow-states',
  routes: operationRoutes(caseOperations, {
    async workflow(request) {
      const { db } = request.server;
      const auth = authOf(request);
      const row = await caseInScope(db, auth, request.params.id);
      const holder = row.LockedTo_Id === null ? undefined : await db.selectFrom('users').select(['FirstName', 'LastName']).where('Id', '=', row.LockedTo_Id).executeTakeFirst();
      return {
        Id: row.Id,
        WorkflowState: row.WorkflowState,
        CaseStatusType: row.CaseStatusType as 'NORMAL' | 'HOLD',
        DueDate: row.DueDate,
        CompletionDate: row.CompletionDate,
        LockedTo_Id: row.LockedTo_Id,
        LockedToName: holder ? `${holder.FirstName} ${holder.LastName}` : null,
        ...(await caseControls(db, auth, row)),
      };
    },
  }),
};
