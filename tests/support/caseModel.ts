/**
 * The fields of a case's model as the case form sends them back on save (PUT /api/cases/{id}), taken from a case as
 * GET /api/cases/{id} answers it; `withSubject` adds the subject, for a save that sends it too.
 */
const CASE_MODEL_FIELDS = ['Id', 'RequestingOfficial_Id', 'Client_Id', 'DataEntryClerk_Id', 'Reviewer_Id', 'CaseNumber', 'ScheduledDate', 'ReceivedDate', 'DueDate', 'CompletionDate', 'Notes', 'CaseType_Id'] as const;

export function caseModel(current: Record<string, unknown>, { withSubject = false } = {}): Record<string, unknown> {
  const fields: readonly string[] = withSubject ? [...CASE_MODEL_FIELDS, 'CaseSubject'] : CASE_MODEL_FIELDS;
  return Object.fromEntries(fields.map((field) => [field, current[field]]));
}
