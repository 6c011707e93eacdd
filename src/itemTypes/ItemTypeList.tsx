import { lazy } from 'react';
import { itemTypeTitle } from '../../resources/itemTypes.js';
import { TextColumn } from '../resources/columns.js';
import { StatusFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const ItemTypeCreate = lazy(() => import('./ItemTypeCreate.js'));
const ItemTypeOpen = lazy(() => import('./ItemTypeOpen.js'));
const ItemTypeDetail = lazy(() => import('./ItemTypeDetail.js'));

const filters = [<StatusFilter source="Hidden" label="Status" initial={false} />];

/** Item templates (/item-types): the create modal picks the starting sections; a row opens the template's detail, expanded. */
export function ItemTypeList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="item-types"
      filters={filters}
      create={ItemTypeCreate}
      edit={ItemTypeOpen}
      expand={ItemTypeDetail}
      rowClick="expand"
      // The Edit (or, read only, View) button opens the row's editor too.
      readOnlyView
    >
      <TextColumn source="Name" label="Name" text={itemTypeTitle} />
    </SchemaList>
  );
}
