import { caseTypeName } from '../../resources/orgCaseTypes.js';
import type { ApiRecord } from '../../resources/declaration.js';
import { OrgTexts } from '../../shared/texts/orgs.js';
import { ActiveRangeColumn, BooleanColumn, LongDateColumn, MoneyColumn, TextColumn } from '../resources/columns.js';
import { TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import { InheritedFilter } from './InheritedFilter.js';
import type { ViewProps } from '../resources/views.js';

const T = OrgTexts.caseTypes;

const filters = [<TextFilter source="q" label="Filter case types" />, <InheritedFilter source="Inherited" label="Inherited" />];

/** An org's case types (its Case Types tab): a row expands into its date ranges and deadlines. */
export function OrgCaseTypeList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="org-case-types"
      filters={filters}
      rowClick="expand"
      // Inherited case types are removed from the org they belong to.
      actionsWhen={(r) => !r.Inherited}
      label={() => 'Case Types'}
    >
      <TextColumn source="CaseType.Description" label="Case Type" text={caseTypeName} />
      <TextColumn source="CaseTemplate.Label" label="Template Name" />
      <BooleanColumn source="Inherited" label="Inherited" />
    </SchemaList>
  );
}

/** An org case type's date ranges and their base costs; a row expands into its fees. */
export function OrgCaseTypeRangeList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="org-case-type-ranges"
      rowClick="expand"
      // Inherited ranges change only through an override (editing copies them first); they are not deleted here.
      actionsWhen={(r) => !r.Inherited}
      label={(parent) => `Date ranges of ${String((parent?.CaseType as ApiRecord | undefined)?.Description ?? '')}`}
    >
      <LongDateColumn source="ActiveFrom" label="Active From" empty={T.anyTime} sortable={false} />
      <LongDateColumn source="ActiveTo" label="Active To" empty={T.anyTime} sortable={false} />
      <MoneyColumn source="BaseCost" label="Base Cost" sortable={false} />
      <ActiveRangeColumn source="ActiveFrom" label="Status" labels={[T.active, T.inactiveRange]} sortable={false} />
    </SchemaList>
  );
}
