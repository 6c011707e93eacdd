import type { ApiRecord } from '../../resources/declaration.js';
import { isoDay } from '../../shared/format.js';
import { BooleanColumn, DateColumn, MoneyColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import { InheritedFilter } from './InheritedFilter.js';
import type { ViewProps } from '../resources/views.js';

/** The rule's end date is past (the local day: a rule ending today is not ended yet, wherever the user is). */
const expenseRuleEnded = (r: ApiRecord) => typeof r.ActiveTo === 'string' && r.ActiveTo !== '' && r.ActiveTo.slice(0, 10) < isoDay(new Date());

/** An org's expense rules (its Expenses tab). */
export function OrgExpenseRuleList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="org-expense-rules"
      filters={[<InheritedFilter key="inherited" source="Inherited" label="Inherited" initial={false} />]}
      rowAccent={(r) => (expenseRuleEnded(r) ? 'grey.400' : 'success.main')}
      label={() => 'Expense Rules'}
    >
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
