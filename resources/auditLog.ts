import { PageSizes } from '../shared/constants.js';
import { Permissions } from '../shared/permissions.js';
import { AuditTexts } from '../shared/texts/audit.js';
import schema from '../schemas/auditEntry.json' with { type: 'json' };
import type { ObjectSchema } from '../schemas/index.js';
import { defineResource } from './declaration.js';
import { anyOf } from '../shared/access.js';
import { defineOperations } from './operation.js';


/** A day the user chose (YYYY-MM-DD) as the instant it starts in the browser's time zone, `days` later; null for none. */
export function dayStartInstant(day: unknown, days = 0): string | null {
  const match = typeof day === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  if (!match) return null;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(start.getTime()) ? null : start.toISOString();
}

/** The column filters of the audit log (in the query's `filtered`; the CSV export's query values by the same names). */
export const AUDIT_TEXT_FILTERS = ['UserName', 'Action', 'Entity', 'Entity_Id'] as const;

/**
 * The screen's filter values as the API takes them: the text filters trimmed (blank ones left out), and the chosen
 * days From and To (YYYY-MM-DD) as instants in the browser's time zone — From the start of its day, To the start of the
 * day after (the server includes From and excludes To, so the last day chosen is a whole day).
 */
export function auditFilterOf(values: Record<string, unknown>): Partial<Record<(typeof AUDIT_TEXT_FILTERS)[number] | 'From' | 'To', string>> {
  const out: Partial<Record<(typeof AUDIT_TEXT_FILTERS)[number] | 'From' | 'To', string>> = {};
  for (const name of AUDIT_TEXT_FILTERS) {
    const value = values[name];
    if (value !== undefined && value !== null && String(value).trim() !== '') out[name] = String(value).trim();
  }
  const from = dayStartInstant(values.From);
  const to = dayStartInstant(values.To, 1);
  if (from) out.From = from;
  if (to) out.To = to;
  return out;
}

/**
 * The audit log (Admin › Audit Log, issue 21 §3): read only, server paged, newest first — who did what to which
 * record, when, from where. Its screen is src/admin/AuditLogPage.tsx (filters, the record links, the CSV export);
 * the server's store is server/audit/auditLogStore.ts. Nothing writes it through the API.
 */
/** The audit log's calls beside its list: the CSV export and the filters' choices. Handlers: server/audit/auditLogStore.ts. */
export const auditLogOperations = defineOperations({
  export: {
    method: 'GET',
    path: '/api/audit-log/export',
    access: anyOf(Permissions.Admin.VIEW_AUDIT_LOG),
    summary: "The audit log as CSV (the list's filters as query values), newest first, streamed",
    query: 'auditLogExport.json',
    answer: 'file',
    produces: ['text/csv'],
  },
  choices: {
    method: 'GET',
    path: '/api/audit-log/choices',
    access: anyOf(Permissions.Admin.VIEW_AUDIT_LOG),
    summary: 'The actions and entities the audit log holds, for its filters',
    answer: 'auditLogChoices.json',
  },
});

export default defineResource({
  name: 'audit-log',
  key: 'Id',
  schema: schema as ObjectSchema,
  title: AuditTexts.title,
  menu: { group: 'none', order: 0 },
  recordRepresentation: (r) => `${String(r.Action ?? '')} ${String(r.Entity ?? '')} ${String(r.Entity_Id ?? '')}`.trim(),
  operations: {
    list: { method: 'POST', path: '/api/audit-log', body: 'tableQuery', bodySchema: 'auditLogQuery.json', answer: { records: 'entries', total: 'total', pageCount: 'pageCount', exact: 'totalIsExact' } },
  },
  named: auditLogOperations,
  paging: 'server',
  permissions: { view: [Permissions.Admin.VIEW_AUDIT_LOG] },
  remove: { kind: 'none' },
  list: {
    // The screen draws its own filters (src/admin/AuditLogPage.tsx); these say how each travels in the list call.
    filters: [
      { source: 'UserName', match: 'contains' },
      { source: 'Action', match: 'contains' },
      { source: 'Entity', match: 'contains' },
      { source: 'Entity_Id', match: 'contains' },
      { source: 'From', match: 'equals', additional: true },
      { source: 'To', match: 'equals', additional: true },
    ],
    pageSize: PageSizes.AUDIT_LOG,
    sort: { field: 'CreatedDate', order: 'DESC' },
  },
  form: { fields: [] },
  callbacks: {
    // The days chosen travel as instants of the browser's time zone; the text filters trimmed.
    tableQuery: (query) => {
      const values = auditFilterOf({ ...Object.fromEntries(query.filtered.map((f) => [f.id, f.value])), ...query.additional });
      const { From, To, ...texts } = values;
      return {
        ...query,
        filtered: Object.entries(texts).map(([id, value]) => ({ id, value })),
        additional: { ...(From && { From }), ...(To && { To }) },
      };
    },
  },
});
