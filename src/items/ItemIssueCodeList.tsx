import { formatPersonName } from '../../shared/format.js';
import { ItemTexts } from '../../shared/texts/items.js';
import { itemNumber } from '../../resources/caseItems.js';
import { code } from '../../resources/itemIssueCodes.js';
import { DateColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** An item's issue codes. */
export function ItemIssueCodeList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="item-issue-codes" label={(parent) => ItemTexts.issueCodes.label(itemNumber(parent ?? {}))}>
      <TextColumn source="Code.Short" label="Code" text={code} nowrap />
      <TextColumn source="Code.Description" label="Description" phone={false} />
      <TextColumn source="EnteredBy.LastName" label="Entered By" text={(r) => formatPersonName(r.EnteredBy)} />
      <DateColumn source="EnteredDate" label="Entered Date" short nowrap />
    </SchemaList>
  );
}
