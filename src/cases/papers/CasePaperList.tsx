import { lazy } from 'react';
import { Column, DateColumn } from '../../resources/columns.js';
import { SchemaList } from '../../resources/SchemaList.js';
import type { ViewProps } from '../../resources/views.js';
import PaperName from './PaperName.js';
import PaperTracking from './PaperTracking.js';

const PaperActions = lazy(() => import('./PaperActions.js'));

/** A case's papers: the name downloads the file, the tracking number opens its tracking, and the ways to add papers. */
export function CasePaperList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="case-papers" actions={PaperActions}>
      <Column source="Name" label="Name" render={(record) => <PaperName record={record} />} />
      <Column source="FedExTracking" label="Tracking Number" render={(record) => <PaperTracking record={record} />} />
      <DateColumn source="CreatedDate" label="Created" />
    </SchemaList>
  );
}
