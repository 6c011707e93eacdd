import { lazy } from 'react';
import { BooleanColumn, ChipColumn, LongDateColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const SectionBuilder = lazy(() => import('./SectionBuilderSlot.js'));

/** Section templates (/sections): a new one is made in the section builder; a row expands into its versions. */
export function SectionList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="sections" create={SectionBuilder} rowClick="expand" createShortcut="n">
      <TextColumn source="SectionName" label="Section Name" />
      <TextColumn source="LatestVersion" label="Latest Version" />
      <BooleanColumn source="Enabled" label="Enabled" />
    </SchemaList>
  );
}

/** A section template's versions, under its row: a new version of one is made in the section builder. */
export function SectionVersionList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="section-versions" edit={SectionBuilder} readOnlyView label={(parent) => `Versions of ${String(parent?.SectionName ?? '')}`}>
      <ChipColumn source="Version" label="Version" text={(r) => `v${String(r.Version)}`} />
      <BooleanColumn source="Enabled" label="Enabled" />
      <LongDateColumn source="CreatedDate" label="Created On" />
    </SchemaList>
  );
}
