import { lazy } from 'react';
import { ItemTexts } from '../../shared/texts/items.js';
import { itemNumber } from '../../resources/caseItems.js';
import { Column, DateColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

// The name's download, move up and down and the upload: one module, loaded with the first row.
const attachments = () => import('./ItemAttachments.js');
const AttachmentName = lazy(() => attachments().then((m) => ({ default: m.AttachmentName })));
const AttachmentActions = lazy(() => attachments().then((m) => ({ default: m.AttachmentActions })));
const AttachmentMoveButtons = lazy(() => attachments().then((m) => ({ default: m.AttachmentMoveButtons })));

/** An item's attachments: the name downloads the file, move up and down, and the upload. */
export function ItemAttachmentList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="item-attachments"
      actions={AttachmentActions}
      rowActions={AttachmentMoveButtons}
      label={(parent) => ItemTexts.attachments.label(itemNumber(parent ?? {}))}
      rowTone={(r) => (r.CorruptPDF ? 'error' : undefined)}
    >
      <Column source="Name" label="Name" sortable={false} render={(record) => <AttachmentName record={record} />} />
      <DateColumn source="CreatedDate" label="Created" sortable={false} nowrap />
    </SchemaList>
  );
}
