import { lazy } from 'react';
import { Column } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';
import GroupName, { GroupTagChips } from './GroupCells.js';

const GroupEditor = lazy(() => import('./GroupEditorSlot.js'));

/** Groups (/identity/groups): the name (with its tags on a phone), the tags, and the inline editor under a row. */
export function GroupList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="groups" expand={GroupEditor} rowClick="expand" editExpands readOnlyView>
      <Column source="Name" label="Name" render={(record) => <GroupName record={record} />} />
      {/* On a phone the tags sit under the name. */}
      <Column source="Tags" label="Tags" sortable={false} phone={false} render={(record) => <GroupTagChips record={record} />} />
    </SchemaList>
  );
}
