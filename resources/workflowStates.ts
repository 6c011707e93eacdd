import schema from '../schemas/workflowState.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, type ResourceDeclaration } from './declaration.js';

/**
 * The case workflow states and the item statuses in workflow order (spec 001 §7 `GET /api/workflows/case-states`,
 * `GET /api/workflows/item-states`): lookups every signed-in screen reads (the cases list's left panel, item
 * search), listed by their stores in server/cases/workflowStates.ts.
 */
function statesResource(name: string, path: string, title: string): ResourceDeclaration {
  const description = (r: Record<string, unknown>) => String(r.Description ?? r.Id ?? '');
  return defineResource({
    name,
    key: 'Id',
    schema: schema as ObjectSchema,
    title,
    menu: { group: 'none', order: 0 },
    recordRepresentation: description,
    operations: { list: { method: 'GET', path, access: 'signedIn' } },
    paging: 'browser',
    permissions: { view: [] },
    remove: { kind: 'none' },
    // The server's order is the workflow's: kept as `Order`, which the list sorts by.
    list: { pageSize: 100, sort: { field: 'Order', order: 'ASC' } },
    callbacks: { afterReadList: (records) => records.map((r, i) => ({ ...r, Order: i })) },
    form: { fields: [] },
  });
}

export const caseStates = statesResource('case-states', '/api/workflows/case-states', 'Case Status');
export const itemStates = statesResource('item-states', '/api/workflows/item-states', 'Item Status');
