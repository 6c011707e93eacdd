import type { ReportRequest } from '../schemas/types.js';
import type { ParameterValue, ReportFormat } from '../shared/reports.js';

/** A report's parameters as sent (spec 002 §5): name/value pairs, an empty nullable one null, dates MM/DD/YYYY. */
export type ReportParameterPair = { Name: string; Value: ParameterValue };

/**
 * The body of the reports contract's `run` (spec 002 §7): the report, its parameters, the format, and whether to
 * keep it as an instance (answered by its Id) instead of answering the file.
 */
export const reportRequest = (group: string, name: string, Parameters: readonly ReportParameterPair[], Format: ReportFormat, Instance: boolean): ReportRequest => ({
  Group: group,
  Name: name,
  Parameters: [...Parameters],
  Format,
  Instance,
});
