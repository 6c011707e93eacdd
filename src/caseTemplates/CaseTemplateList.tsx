import { lazy } from 'react';
import { TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

const CaseTemplateForm = lazy(() => import('./CaseTemplateForm.js'));

/** Case templates (/case-templates): their own editor (items and report XSLT) to create and edit one. */
export function CaseTemplateList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="case-templates" create={CaseTemplateForm} edit={CaseTemplateForm} rowClick="edit" readOnlyView>
      <TextColumn source="Label" label="Label" />
      <TextColumn source="ContractType.Description" label="Contract Type" />
      <TextColumn source="Items" label="Items" sortable={false} phone={false} text={(r) => String((r.Items as unknown[] | undefined)?.length ?? 0)} />
    </SchemaList>
  );
}
