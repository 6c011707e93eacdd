type Json = Record<string, unknown>;

/**
 * An existing case as GET /api/cases/{id}?ssn=masked answers it (keyed the react-admin way): DOS-2026-000007 of org 3,
 * requested by Claire Donovan, Tier 1, in process; its subject Jordan Whitfield with the SSN masked. Overrides replace
 * fields whole.
 */
export const caseFixture = (overrides: Json = {}): Json => ({
  id: 7,
  Id: 7,
  CaseNumber: 'DOS-2026-000007',
  Client_Id: 3,
  RequestingOfficial_Id: 5,
  RequestingOfficial: { Id: 5, FirstName: 'Claire', LastName: 'Donovan' },
  CaseType_Id: 21,
  CaseType: { Id: 21, Short: 'T1', Description: 'Tier 1 Investigation' },
  ReceivedDate: '2026-11-01',
  ScheduledDate: '2026-11-03',
  Notes: 'first',
  WorkflowState: 'IN_PROCESS',
  CaseSubject: { Id: 1, FirstName: 'Jordan', MiddleName: '', LastName: 'Whitfield', SSN: '*****4821' },
  ...overrides,
});
