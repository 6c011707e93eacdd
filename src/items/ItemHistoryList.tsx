import type { ApiRecord } from '../../resources/declaration.js';
import { formatPersonName } from '../../shared/format.js';
import { DateTimeColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const status = (r: ApiRecord) => String((r.Status as { Description?: string } | undefined)?.Description ?? '');

/** An item's history, newest first. */
export function ItemHistoryList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="item-history" label={() => 'Item history'}>
      <TextColumn source="Status.Description" label="Status" text={status} sortable={false} />
      <TextColumn source="TriggeredBy.LastName" label="Triggered By" text={(r) => formatPersonName(r.TriggeredBy)} sortable={false} />
      <TextColumn source="Note" label="Note" sortable={false} />
      <DateTimeColumn source="CreatedDate" label="Date" sortable={false} nowrap />
    </SchemaList>
  );
}
