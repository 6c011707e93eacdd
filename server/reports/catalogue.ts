import type { ReportDeclaration } from './definition.js';
import { billingReports } from './catalogue/billing.js';
import { caseReports } from './catalogue/cases.js';
import { investigatorReports } from './catalogue/investigators.js';

/**
 * The report catalogue (spec 002 §2.9; docs/decisions.md "Reports: the catalogue"): every report one declaration of
 * its folder, name, parameters, query, columns and nested Details rows. Each query keeps to the caller's org scope
 * (`input.inScope` on the org column: a client user only ever sees rows of its own orgs) and filters by conditions an
 * index serves (docs/data-model.md; migration 014 adds the date indexes the reports range over).
 */

/** Every report, in the order the folders list them: one module per folder in catalogue/. */
export const reportCatalogue: readonly ReportDeclaration[] = [...caseReports, ...investigatorReports, ...billingReports];

/** A report by folder and name (exactly as listed), or undefined. */
export function findReport(group: string, name: string): ReportDeclaration | undefined {
  return reportCatalogue.find((r) => r.group === group && r.name === name);
}
