import { OrgTexts } from '../../shared/texts/orgs.js';
import { BooleanColumn, LongDateColumn, TextColumn } from '../resources/columns.js';
import { SchemaList } from '../resources/SchemaList.js';
import { InheritedFilter } from './InheritedFilter.js';
import type { ViewProps } from '../resources/views.js';

const C = OrgTexts.caseTypes;

/** The columns of a deadline rule, CD or ACD. */
const ruleColumns = [
  <TextColumn key="days" source="DaysFromPending" label="# Days" />,
  <BooleanColumn key="business" source="IsBusinessDays" label="Business Days" />,
  <BooleanColumn key="full" source="StartOnFull" label="Start On Full" />,
  <LongDateColumn key="from" source="ActiveFrom" label="Active From" empty={C.anyTime} />,
  <LongDateColumn key="to" source="ActiveTo" label="Active To" empty={C.anyTime} />,
  <BooleanColumn key="inherited" source="Inherited" label="Inherited" />,
];

const filters = [<InheritedFilter source="Inherited" label="Inherited" initial={false} />];

/** An org case type's CDs (the case's critical date). */
export function OrgCdList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="org-cds" filters={filters}>
      {ruleColumns}
    </SchemaList>
  );
}

/** An org case type's ACDs, one per item template. */
export function OrgAcdList(place: ViewProps) {
  return (
    <SchemaList {...place} resource="org-acds" filters={filters}>
      <TextColumn key="type" source="ItemType.Name" label="Item Template" />
      {ruleColumns}
    </SchemaList>
  );
}
