import { TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import type { ViewProps } from '../resources/views.js';

/** Case templates (/case-templates). */
export function CaseTemplateList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="case-templates">
      <TextColumn source="Label" label="Label" />
      <TextColumn source="ContractType.Description" label="Contract Type" />
      <TextColumn source="Items" label="Items" sortable={false} phone={false} text={(r) => String((r.Items as unknown[] | undefined)?.length ?? 0)} />
    </SchemaList>
  );
}
