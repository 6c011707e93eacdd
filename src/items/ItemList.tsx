import { lazy } from 'react';
import { Timing } from '../../shared/constants.js';
import { ITEM_STATUS_LABELS } from '../../shared/workflow.js';
import { itemPlace, lastFirst } from '../../resources/caseItems.js';
import { itemPageLink } from './itemPageLink.js';
import { ITEM_STATUS_COLORS } from './itemStatusColors.js';
import { caseLink, caseNumber, caseNumberTail } from '../../resources/items.js';
import { ChipColumn, Column, DateColumn, TextColumn } from '../resources/columns.js';
import { TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';
import ItemNumberCell from './ItemNumberCell.js';
import { ItemBulkActions } from './ItemBulkActionsPart.js';

const filters = [
  <TextFilter source="CaseNumber" label="Case #" />,
  <TextFilter source="Location" label="Location/City/State" />,
  <TextFilter source="LastName" label="Last Name" />,
  <TextFilter source="ItemType" label="Item Template" />,
];

const ItemFilters = lazy(() => import('./ItemFilters.js'));

/**
 * Item search (/items, spec 001 §2): the items with their case's columns (secondary ones on a wide screen), the Item
 * Status panel and the bulk modals.
 */
export function ItemList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="items"
      filters={filters}
      aside={ItemFilters}
      bulkActions={ItemBulkActions}
      dense
      // Spec 001 §2: the case number and name link to the case (Edit Cases), the item number to the item (Edit Items);
      // a click elsewhere on the row opens the item too.
      rowLink={itemPageLink}
      debounce={Timing.ITEM_FETCH_DEBOUNCE_MS}
    >
      <TextColumn source="Case.CaseNumber" label="Case #" text={caseNumberTail} hover={caseNumber} nowrap link={caseLink} />
      <TextColumn source="Case.Subject.LastName" label="Case Name" link={caseLink} />
      <TextColumn source="Case.Org.Code" label="Org" />
      <TextColumn source="Case.CaseType.Short" label="Case Type" />
      <Column source="DisplayId" label="Item No" nowrap link={itemPageLink} render={(record) => <ItemNumberCell record={record} />} />
      <TextColumn source="Label" label="Location" text={itemPlace} />
      <TextColumn source="AssignedTo.LastName" label="Assignee" text={(r) => lastFirst(r.AssignedTo)} phone={false} nowrap />
      <TextColumn source="Case.Reviewer.Name" label="Reviewer" wideOnly />
      <DateColumn source="ACD" label="ACD" short nowrap phone={false} />
      <ChipColumn source="ItemStatus" label="Item Status" labels={ITEM_STATUS_LABELS} colors={ITEM_STATUS_COLORS} nowrap />
      <TextColumn source="ItemType.Description" label="Item Type" wideOnly />
      <DateColumn source="CompletedDate" label="Completed Date" short wideOnly nowrap />
    </SchemaList>
  );
}
