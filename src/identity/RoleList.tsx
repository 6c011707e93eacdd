import { TextColumn } from '../resources/columns.js';
import { TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** Roles (/identity/roles). */
export function RoleList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="roles" filters={[<TextFilter key="q" source="q" label="Filter roles" />]}>
      <TextColumn source="Name" label="Name" />
      <TextColumn source="Category" label="Category" />
    </SchemaList>
  );
}
