import { InvoiceTexts } from '../../shared/texts/invoices.js';
import { DateColumn, MoneyColumn, TextColumn } from '../resources/columns.js';
import { DateFilter, ReferenceFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const T = InvoiceTexts.history;

const filters = [<ReferenceFilter source="Org_Id" label="Org" reference="orgs" />, <DateFilter source="From" label="From" />, <DateFilter source="To" label="To" />];

/** Invoice history (/invoices/history): a row expands into its lines. */
export function InvoiceHistoryList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="invoice-history" filters={filters} rowClick="expand" label={() => 'Invoices'}>
      <TextColumn source="Id" label="Invoice #" sortable={false} nowrap phone={false} />
      <DateColumn source="InvoiceDate" label="Invoice Date" nowrap />
      <TextColumn source="OrgName" label="Org" sortable={false} />
      <TextColumn source="CaseCount" label="Cases" sortable={false} phone={false} />
      <MoneyColumn source="Total" label="Total" sortable={false} nowrap />
      <TextColumn source="QboInvoiceId" label="QuickBooks Invoice" sortable={false} text={(r) => (r.QboInvoiceId ? String(r.QboInvoiceId) : T.notSent)} phone={false} />
      <TextColumn source="CreatedBy" label="Created By" sortable={false} wideOnly phone={false} />
    </SchemaList>
  );
}

/** An invoice's lines: the case number opens the case, for users who may open cases. */
export function InvoiceLineList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="invoice-lines" label={(parent) => InvoiceTexts.history.linesOf(parent?.Id)}>
      <TextColumn source="LineNumber" label="#" sortable={false} phone={false} />
      <TextColumn source="CaseNumber" label="Case #" sortable={false} nowrap phone={false} link={{ to: (r) => `/cases/${String(r.Case_Id)}`, action: 'openCase' }} />
      <TextColumn source="Description" label="Description" sortable={false} />
      <MoneyColumn source="Amount" label="Amount" sortable={false} nowrap />
    </SchemaList>
  );
}
