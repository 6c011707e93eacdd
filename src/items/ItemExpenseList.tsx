import { formatPersonName } from '../../shared/format.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { itemNumber } from '../../resources/caseItems.js';
import { typeName } from '../../resources/itemExpenses.js';
import { BooleanColumn, MoneyColumn, TextColumn, TruncatedColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** An item's expenses: an override shows after the amount it replaces, struck through. */
export function ItemExpenseList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="item-expenses" label={(parent) => ItemTexts.expenses.label(itemNumber(parent ?? {}))}>
      <TextColumn source="ExpenseType.Description" label="Expense Type" text={typeName} />
      <TextColumn source="Units" label="Units" />
      <TextColumn source="IncurredBy.LastName" label="Incurred By" text={(r) => formatPersonName(r.IncurredBy)} />
      <TruncatedColumn source="Note" label="Note" length={40} phone={false} sortable={false} />
      <BooleanColumn source="Reimbursable" label="Reimbursable" />
      <MoneyColumn source="TotalAmount" label="Amount" override="Override" nowrap />
    </SchemaList>
  );
}
