import { formatPersonName } from '../../shared/format.js';
import { code } from '../../resources/itemIssueCodes.js';
import { DateColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** An item's issue codes. */
export function ItemIssueCodeList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="item-issue-codes">
      <TextColumn source="Code.Short" label="Code" text={code} nowrap />
      <TextColumn source="Code.Description" label="Description" phone={false} />
      <TextColumn source="EnteredBy.LastName" label="Entered By" text={(r) => formatPersonName(r.EnteredBy)} />
      <DateColumn source="EnteredDate" label="Entered Date" short nowrap />
    </SchemaList>
  );
}
