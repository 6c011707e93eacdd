import { lazy } from 'react';
import { Timing } from '../../shared/constants.js';
import { ITEM_STATUS_LABELS, ItemStatuses } from '../../shared/workflow.js';
import { itemPlace, lastFirst } from '../../resources/caseItems.js';
import { itemPageLink } from './itemPageLink.js';
import { ITEM_FORM } from './itemFormView.js';
import { ITEM_STATUS_COLORS } from './itemStatusColors.js';
import { ChipColumn, Column, DateColumn, TextColumn } from '../resources/columns.js';
import { ChoiceFilter, TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';
import ItemNumberCell from './ItemNumberCell.js';
import { ItemBulkActions } from './ItemBulkActionsPart.js';

/** Spec 001 §2: the search boxes (the case number box belongs to the all-cases view) and the status dropdown. */
const filters = [
  <TextFilter source="Location" label="Location/City/State" />,
  <TextFilter source="LastName" label="Last Name" />,
  <TextFilter source="ItemType" label="Item Template" />,
  <ChoiceFilter source="ItemStatus" label="Status" choices={[{ value: null, label: 'Show All' }, ...Object.values(ItemStatuses).map((s) => ({ value: s, label: ITEM_STATUS_LABELS[s] }))]} />,
];

const ItemEditor = lazy(() => import('./ItemEditor.js'));
const ItemMoveButtons = lazy(() => import('./ItemMoveButtons.js'));

/**
 * A case's items (spec 001 §2 "Items table"): the inline item form under a row, move up and down, and the bulk
 * modals; on a phone a row shows its number, place and status (the ACD is in its form).
 */
export function CaseItemList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="case-items"
      filters={filters}
      expand={ItemEditor}
      rowActions={ItemMoveButtons}
      bulkActions={ItemBulkActions}
      form={ITEM_FORM}
      label={(parent) => `Items of case ${String(parent?.CaseNumber ?? '')}`}
      rowClick="expand"
      editExpands
      editLink={itemPageLink}
      readOnlyView
      debounce={Timing.ITEM_FETCH_DEBOUNCE_MS}
    >
      <Column source="DisplayId" label="Item No" sortable={false} nowrap link={itemPageLink} render={(record) => <ItemNumberCell record={record} />} />
      <TextColumn source="Label" label="Location" text={itemPlace} sortable={false} />
      <TextColumn source="AssignedTo.LastName" label="Assignee" text={(r) => lastFirst(r.AssignedTo)} sortable={false} phone={false} nowrap />
      <DateColumn source="ACD" label="ACD" short sortable={false} nowrap phone={false} />
      <ChipColumn source="ItemStatus" label="Item Status" labels={ITEM_STATUS_LABELS} colors={ITEM_STATUS_COLORS} sortable={false} nowrap />
      <TextColumn source="ItemType.Description" label="Item Type" sortable={false} phone={false} />
      <DateColumn source="CompletedDate" label="Completed Date" short sortable={false} phone={false} nowrap />
    </SchemaList>
  );
}
