import { authOf } from '../http/access.js';
import { anyOf, idParams, route, type ApiArea } from '../http/route.js';
import { Permissions } from '../../shared/permissions.js';
import { CASE_STATE_LABELS, CaseStates, ITEM_STATUS_LABELS, ItemStatuses } from '../../shared/workflow.js';
import { defineStore } from '../resources/store.js';
import { caseInScope } from './caseAccess.js';
import { CASE_STEPS, caseControls } from './workflow.js';

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

const caseWorkflow = {
  type: 'object',
  properties: {
    Id: { type: 'integer' },
    WorkflowState: { type: 'string' },
    CaseStatusType: { type: 'string' },
    DueDate: { type: ['string', 'null'] },
    CompletionDate: { type: ['string', 'null'] },
    LockedTo_Id: { type: ['integer', 'null'] },
    LockedToName: { type: ['string', 'null'], description: 'The first and last name of the user holding the case (LockedTo_Id)' },
    Steps: { type: 'array', items: { type: 'string', enum: [...CASE_STEPS] }, description: 'The workflow steps the caller may take now (as the case answers them)' },
    LockedReason: { type: ['string', 'null'], description: 'Why the caller may not change the case, or null (as the case answers it)' },
  },
  required: ['Id', 'WorkflowState', 'CaseStatusType', 'DueDate', 'CompletionDate', 'LockedTo_Id', 'LockedToName', 'Steps', 'LockedReason'],
} as const;

/**
 * The workflow read of one case (spec 001 §7), which the case page polls to notice steps taken elsewhere (org-scoped
 * like the case itself: a case outside the caller's orgs is a 404). The lists of case states and item statuses the
 * filters offer are the `case-states` and `item-states` declarations (resources/workflowStates.ts).
 */
export const workflowStatesArea: ApiArea = {
  name: 'workflow-states',
  routes: [
    route<{ Params: { id: number } }>({
      method: 'GET',
      url: '/api/workflows/cases/:id',
      access: anyOf(Permissions.Cases.VIEW_CASES),
      summary: 'The case\'s workflow state for the case page\'s poll: Id, WorkflowState, CaseStatusType, DueDate, CompletionDate, LockedTo_Id, the holder\'s name, and the caller\'s Steps and LockedReason',
      schema: { params: idParams, response: { 200: caseWorkflow } },
      async handler(request) {
        const { db } = request.server;
        const auth = authOf(request);
        const row = await caseInScope(db, auth, request.params.id);
        const holder = row.LockedTo_Id === null ? undefined : await db.selectFrom('users').select(['FirstName', 'LastName']).where('Id', '=', row.LockedTo_Id).executeTakeFirst();
        return {
          Id: row.Id,
          WorkflowState: row.WorkflowState,
          CaseStatusType: row.CaseStatusType,
          DueDate: row.DueDate,
          CompletionDate: row.CompletionDate,
          LockedTo_Id: row.LockedTo_Id,
          LockedToName: holder ? `${holder.FirstName} ${holder.LastName}` : null,
          ...(await caseControls(db, auth, row)),
        };
      },
    }),
  ],
};
