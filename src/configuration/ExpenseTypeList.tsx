import { BooleanColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** Expense types (/expense-types, spec 002 §2.6). */
export function ExpenseTypeList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="expense-types">
      <TextColumn source="Short" label="Name" />
      <TextColumn source="UOM.Description" label="UOM" />
      <BooleanColumn source="MultipleUnitsAllowed" label="Allow Multiple?" />
      <BooleanColumn source="Reimbursable" label="Reimbursable?" />
    </SchemaList>
  );
}
