import { Permissions } from '../shared/permissions.js';
import { PageSizes } from '../shared/constants.js';
import schema from '../schemas/expenseType.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';

export interface ExpenseType {
  Id: number;
  Short: string;
  Description: string | null;
  UOMType_Id: number;
  UOM: { Id: number; Short: string; Description: string | null } | null;
  MultipleUnitsAllowed: boolean;
  Reimbursable: boolean;
  Hidden: boolean;
}

/** Expense types (/expense-types): spec 002 §2.6. A pure declaration: this file and schemas/expenseType.json. */
export default defineResource<ExpenseType>({
  name: 'expense-types',
  route: '/expense-types',
  api: '/api/expense-types',
  schema: schema as ObjectSchema,
  title: 'Expense Types',
  menu: { group: 'admin', order: 5 },
  addLabel: 'Add Expense Type',
  recordName: (r) => r.Short,
  permissions: {
    view: [Permissions.ExpenseTypes.VIEW],
    create: [Permissions.ExpenseTypes.CREATE],
    edit: [Permissions.ExpenseTypes.EDIT],
    delete: [Permissions.ExpenseTypes.DELETE],
  },
  remove: 'toggleHidden',
  updateMethod: 'PUT',
  list: {
    columns: [
      { source: 'Short', label: 'Name' },
      { source: 'UOM.Description', label: 'UOM' },
      { source: 'MultipleUnitsAllowed', label: 'Allow Multiple?', type: 'boolean' },
      { source: 'Reimbursable', label: 'Reimbursable?', type: 'boolean' },
    ],
    pageSize: PageSizes.EXPENSE_TYPES,
    sort: { field: 'Short', order: 'ASC' },
    filterEveryColumn: true,
    empty: 'There are no expense types.',
  },
  form: {
    fields: ['Short', 'UOMType_Id', 'MultipleUnitsAllowed', 'Reimbursable'],
    // The spec: Description is sent equal to Short.
    beforeSave: (data) => ({ ...data, Description: data.Short }),
  },
  texts: {
    created: (r) => `The expense type ${r.Short} was created successfully.`,
    updated: (r) => `The expense type ${r.Short} was updated successfully.`,
    hidden: (r) => `The expense type ${r.Short} was deactivated.`,
    shown: (r) => `The expense type ${r.Short} was activated.`,
  },
  store: { table: 'expense_types', expand: { UOM: 'UOMType_Id' } },
});
