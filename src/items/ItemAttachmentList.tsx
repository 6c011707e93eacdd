import { lazy } from 'react';
import { Column, DateColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

// The name's download comes with the attachments' upload code, loaded with the first row.
const AttachmentName = lazy(() => import('./ItemAttachments.js').then((m) => ({ default: m.AttachmentName })));

/** An item's attachments: the name downloads the file. */
export function ItemAttachmentList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="item-attachments">
      <Column source="Name" label="Name" sortable={false} render={(record) => <AttachmentName record={record} />} />
      <DateColumn source="CreatedDate" label="Created" sortable={false} nowrap />
    </SchemaList>
  );
}
