import { itemTypeTitle } from '../../resources/itemTypes.js';
import { TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** Item templates (/item-types): a row expands into the template's detail. */
export function ItemTypeList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="item-types">
      <TextColumn source="Name" label="Name" text={itemTypeTitle} />
    </SchemaList>
  );
}
