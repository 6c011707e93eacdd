import { describe, expect, it } from 'vitest';
import { reportOffered } from '../../src/cases/CaseDownloads.js';

/** Download Report on the case page (spec 001 §2): offered by the rule the server enforces (server/roi/routes.ts). */
describe('Download Report is offered', () => {
  const report = { report: true, incomplete: false };
  const incomplete = { report: false, incomplete: true };
  const neither = { report: false, incomplete: false };

  it('for a case with a completion date or COMPLETE to users who may download reports', () => {
    expect(reportOffered({ WorkflowState: 'COMPLETE', CompletionDate: null }, report)).toBe(true);
    expect(reportOffered({ WorkflowState: 'IN_REVIEW', CompletionDate: '2026-01-02T00:00:00Z' }, report)).toBe(true);
    expect(reportOffered({ WorkflowState: 'COMPLETE', CompletionDate: '2026-01-02T00:00:00Z' }, neither)).toBe(false);
  });
  it('for a discontinued case without the incomplete-report permission', () => {
    expect(reportOffered({ WorkflowState: 'DISCONTINUED', CompletionDate: null }, report)).toBe(true);
  });
  it('for any other case only to users who may download incomplete reports', () => {
    expect(reportOffered({ WorkflowState: 'IN_PROCESS', CompletionDate: null }, report)).toBe(false);
    expect(reportOffered({ WorkflowState: 'IN_PROCESS', CompletionDate: null }, incomplete)).toBe(true);
    expect(reportOffered({ WorkflowState: 'AWAITING_CASE_PAPERS', CompletionDate: null }, incomplete)).toBe(true);
  });
});
