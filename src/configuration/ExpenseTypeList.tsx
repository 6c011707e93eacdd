import { BooleanColumn, TextColumn } from '../resources/columns.js';
import { ChoiceFilter, TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** A filter on every column (spec 002 §2.6). */
const filters = [
  <TextFilter source="Short" label="Filter Name" />,
  <TextFilter source="UOM.Description" label="Filter UOM" />,
  <ChoiceFilter source="MultipleUnitsAllowed" label="Filter Allow Multiple?" />,
  <ChoiceFilter source="Reimbursable" label="Filter Reimbursable?" />,
];

/** Expense types (/expense-types, spec 002 §2.6). */
export function ExpenseTypeList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="expense-types" filters={filters}>
      <TextColumn source="Short" label="Name" />
      <TextColumn source="UOM.Description" label="UOM" />
      <BooleanColumn source="MultipleUnitsAllowed" label="Allow Multiple?" />
      <BooleanColumn source="Reimbursable" label="Reimbursable?" />
    </SchemaList>
  );
}
