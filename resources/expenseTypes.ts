import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import { ConfigurationTexts } from '../shared/texts/configuration.js';
import schema from '../schemas/expenseType.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource, restOperations } from './declaration.js';

const P = Permissions.ExpenseTypes;
const T = ConfigurationTexts.expenseTypes;
const name = (r: Record<string, unknown>) => String(r.Short);

/** Expense types (/expense-types): spec 002 §2.6. A pure declaration: this file and schemas/expenseType.json. */
export default defineResource({
  name: 'expense-types',
  key: 'Id',
  route: '/expense-types',
  schema: schema as ObjectSchema,
  title: 'Expense Types',
  menu: { group: 'admin', order: 5 },
  recordRepresentation: name,
  // The update repeats the Id in its body (spec 002 §7).
  // The org Expenses tab picks an expense type for a rule from this list.
  operations: {
    ...restOperations('/api/expense-types', { listAccess: [P.VIEW, Permissions.Orgs.UPDATE_ORG_EXPENSE_RULE] }),
    update: { method: 'PUT', path: '/api/expense-types/:id', sendsKey: true },
  },
  paging: 'browser',
  permissions: { view: [P.VIEW], create: [P.CREATE], edit: [P.EDIT], delete: [P.DELETE] },
  remove: { kind: 'toggleHidden' },
  list: {
    // A filter on every column (spec 002 §2.6).
    filters: [
      { source: 'Short', match: 'contains' },
      { source: 'UOM.Description', match: 'contains' },
      { source: 'MultipleUnitsAllowed', match: 'equals' },
      { source: 'Reimbursable', match: 'equals' },
    ],
    pageSize: PageSizes.EXPENSE_TYPES,
    sort: { field: 'Short', order: 'ASC' },
  },
  form: { fields: ['Short', 'UOMType_Id', 'MultipleUnitsAllowed', 'Reimbursable'] },
  // The spec: Description is sent equal to Short.
  callbacks: { beforeSave: (data) => ({ ...data, Description: data.Short }) },
  store: { table: 'expense_types', expand: { UOM: 'UOMType_Id' }, unique: { Short: T.nameTaken } },
});
