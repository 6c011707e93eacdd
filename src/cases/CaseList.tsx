import { lazy } from 'react';
import { Timing } from '../../shared/constants.js';
import { CASE_STATE_LABELS } from '../../shared/workflow.js';
import { CaseTexts } from '../../shared/texts/cases.js';
import { ChoiceColumn, DateColumn, TextColumn } from '../resources/columns.js';
import { CheckFilter, DateFilter, ReferenceFilter, TextFilter } from '../resources/filters.js';
import { SchemaList } from '../resources/SchemaList.js';
import { CASE_FORM } from './caseFormView.js';
import type { RecordLink, ViewProps } from '../resources/views.js';

const CaseFilters = lazy(() => import('./CaseFilters.js'));
const CaseBulkActions = lazy(() => import('./CaseBulkActions.js'));

const filters = [
  <TextFilter source="CaseNumber" label="Search Case" />,
  // Names are looked up by how they start, last name first (docs/decisions.md, "Search Name").
  <TextFilter source="CaseName" label="Search Name" placeholder="Last name, first name" />,
  <ReferenceFilter source="Reviewer_Id" label="Reviewer" reference="reviewers" />,
  <DateFilter source="StartDate" label="From" />,
  <DateFilter source="EndDate" label="To" />,
  <CheckFilter source="IncludePeopleWhoWorkForMe" label="Include people assigned to me" />,
  <CheckFilter source="OnlyShowCasesAssignedToMe" label="Only show cases assigned to me" />,
];

/** The cases list's pencil: the case's page, for users holding the contract's `editLink` action. */
const casePageLink: RecordLink = { to: (r) => `/cases/${encodeURIComponent(String(r.Id))}`, action: 'editLink' };

/**
 * Cases (/cases, spec 001 §2 "Cases list"): the left panel of orgs and states, and bulk Assign Reviewer; the server
 * may leave columns out for the caller (a client user).
 */
export function CaseList(place: ViewProps) {
  return (
    <SchemaList
      {...place}
      resource="cases"
      filters={filters}
      aside={CaseFilters}
      bulkActions={CaseBulkActions}
      form={CASE_FORM}
      refresh
      dense
      rowClick="page"
      // The pencil opens the case's page too, where the case form reads the case and saves it with its subject; it is
      // no second, emptier form (docs/decisions.md, "The cases list's pencil"), and the row's way in from the keyboard.
      editLink={casePageLink}
      debounce={Timing.CASE_FETCH_DEBOUNCE_MS}
    >
      <TextColumn source="CaseNumber" label="Case #" nowrap />
      <TextColumn source="CaseName" label="Name" nowrap />
      <TextColumn source="Code" label="Org" />
      <DateColumn source="ReceivedDate" label="Received" short phone={false} />
      <DateColumn source="ScheduledDate" label="Scheduled" short wideOnly />
      <DateColumn source="DueDate" label="CD" short empty={CaseTexts.awaitingCasePapers} />
      <DateColumn source="CompletionDate" label="Completed" short wideOnly />
      <TextColumn source="Reviewer" label="Reviewer" phone={false} />
      <TextColumn source="CaseType" label="Case Type" phone={false} />
      <ChoiceColumn source="WorkflowState" label="Status" labels={CASE_STATE_LABELS} />
    </SchemaList>
  );
}
