import { ChoiceColumn, StatusColumn, TextColumn } from '../resources/columns.js';
import { ChoiceFilter, StatusFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const listFilters = [
  <ChoiceFilter
    source="IsDynamic"
    label="List Type"
    choices={[
      { value: null, label: 'Show All' },
      { value: false, label: 'Static' },
      { value: true, label: 'Dynamic' },
    ]}
  />,
];
const itemFilters = [<StatusFilter source="Hidden" label="Status" initial={false} />];

/** Lookup lists (/lists, spec 002 §2.5): each row expands into its items. */
export function LookupListList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="lists"
      filters={listFilters}
      rowClick="expand"
      // Only dynamic lists are renamed or deleted.
      actionsWhen={(r) => r.IsDynamic === true}
    >
      <TextColumn source="FormattedTableName" label="List Name" />
      <ChoiceColumn source="IsDynamic" label="List Type" labels={{ true: 'Dynamic', false: 'Static' }} />
    </SchemaList>
  );
}

/** The items of a lookup list, under its row. */
export function LookupListItemList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="list-items" filters={itemFilters} label={(parent) => `${String(parent?.FormattedTableName ?? '')} items`}>
      <TextColumn source="Short" label="Short" />
      <TextColumn source="Description" label="Description" />
      <StatusColumn source="Hidden" label="Status" labels={['Enabled', 'Disabled']} sortable={false} />
    </SchemaList>
  );
}
