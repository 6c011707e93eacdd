import { auditFilterOf } from '../resources/auditLog.js';
import { request, type FileAnswer } from './httpClient.js';

/** The actions and entities the audit log holds, offered by its filters. */
export interface AuditLogChoices {
  Actions: string[];
  Entities: string[];
}

/**
 * The audit log's calls beside its declared list (`audit-log`): the filters' choices, and the log as CSV with the
 * screen's filters (the days chosen as instants of the browser's time zone, as the list sends them).
 */
export const auditLogMethods = {
  getAuditLogChoices: () => request<AuditLogChoices>('/api/audit-log/choices'),
  exportAuditLog: (filter: Record<string, unknown>) => request<FileAnswer>('/api/audit-log/export', { query: auditFilterOf(filter), asFile: true }),
};
