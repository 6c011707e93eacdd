import { ChoiceColumn, StatusColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** Lookup lists (/lists, spec 002 §2.5): each row expands into its items. */
export function LookupListList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="lists">
      <TextColumn source="FormattedTableName" label="List Name" />
      <ChoiceColumn source="IsDynamic" label="List Type" labels={{ true: 'Dynamic', false: 'Static' }} />
    </SchemaList>
  );
}

/** The items of a lookup list, under its row. */
export function LookupListItemList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="list-items">
      <TextColumn source="Short" label="Short" />
      <TextColumn source="Description" label="Description" />
      <StatusColumn source="Hidden" label="Status" labels={['Enabled', 'Disabled']} sortable={false} />
    </SchemaList>
  );
}
