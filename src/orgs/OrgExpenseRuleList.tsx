import { BooleanColumn, DateColumn, MoneyColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import { InheritedFilter } from './InheritedFilter.js';
import type { ViewProps } from '../resources/views.js';

/** An org's expense rules (its Expenses tab). */
export function OrgExpenseRuleList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="org-expense-rules" filters={[<InheritedFilter key="inherited" source="Inherited" label="Inherited" initial={false} />]}>
      <TextColumn source="ExpenseType.Description" label="Expense Type" />
      <MoneyColumn source="CPU" label="CPU" />
      <TextColumn source="UOM.Description" label="UOM" phone={false} />
      <DateColumn source="ActiveFrom" label="Start Date" phone={false} />
      <DateColumn source="ActiveTo" label="End Date" phone={false} />
      <BooleanColumn source="IsPassthrough" label="Passthrough" />
      <BooleanColumn source="Inherited" label="Inherited" />
    </SchemaList>
  );
}
