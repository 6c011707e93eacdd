import type { ReportInstance, ReportParameters, ReportRequest } from '../schemas/types.js';
import type { ParameterValue, ReportFormat } from '../shared/reports.js';
import { request, type FileAnswer } from './httpClient.js';

const reportPath = (group: string, name: string) => `/api/reports/${encodeURIComponent(group)}/${encodeURIComponent(name)}`;

/** A report's parameters as sent (spec 002 §5): name/value pairs, an empty nullable one null, dates MM/DD/YYYY. */
export type ReportParameterPair = { Name: string; Value: ParameterValue };

const body = (group: string, name: string, Parameters: readonly ReportParameterPair[], Format: ReportFormat, Instance: boolean): ReportRequest => ({
  Group: group,
  Name: name,
  Parameters: [...Parameters],
  Format,
  Instance,
});

/**
 * The report calls of spec 002 §7 (the catalogue itself is the `reports` resource's list): a report's parameters,
 * generating it as a file (Download Report) or as an instance (View), and an instance in a format by Id.
 */
export const reportMethods = {
  getReportParameters: (group: string, name: string) => request<ReportParameters>(`${reportPath(group, name)}/parameters`),
  generateReport: (group: string, name: string, parameters: readonly ReportParameterPair[], format: ReportFormat) =>
    request<FileAnswer>(reportPath(group, name), { method: 'POST', body: body(group, name, parameters, format, false), asFile: true }),
  createReportInstance: (group: string, name: string, parameters: readonly ReportParameterPair[], format: ReportFormat) =>
    request<ReportInstance>(reportPath(group, name), { method: 'POST', body: body(group, name, parameters, format, true) }),
  getReportInstance: (id: string, format: ReportFormat) => request<FileAnswer>(`/api/reports/instance/${encodeURIComponent(id)}/${format}`, { asFile: true }),
};
