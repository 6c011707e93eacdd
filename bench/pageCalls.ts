import { readOperations } from '../resources/reads.js';
import type { ReportParametersParameter } from '../schemas/types.js';

/**
 * The calls the client's pages make as they open, in one place for the soak (bench/soak/simulatedUser.ts) and the
 * whole-app bench (bench/run.ts), as a browser sends them. When a page's reads change, this file is the one to edit;
 * the bench and the soak follow.
 */

/** Who opens a case page: staff see the form's lists and the items; a client user the case, its papers and messages. */
export type Viewer = 'staff' | 'client';

/** A case as the cases list answers it: enough to open its page. */
export interface CaseRef {
  Id: number;
  Client_Id: number;
}

/** Where a page's reads go when the browser batches them (resources/reads.ts). */
export const READ_BATCH_PATH = readOperations.batch.path;

/**
 * A page as the browser opens it (the case and item pages batch their reads, dataProvider/readBatch.ts): its record
 * read alone, then — once it is there and the page's parts mount — the reads the parts ask for, in one batch
 * (POST /api/reads). tests/e2e/cases.test.ts and itemPage.test.ts record the same.
 */
export interface PageReads {
  record: string;
  batch: string[];
}

/** The reads of the case page's parts: the form's lists (staff), its additional settings, items (staff), papers and messages. */
function casePartReads(row: CaseRef, viewer: Viewer): string[] {
  const c = `/api/cases/${row.Id}`;
  if (viewer === 'client') return [`${c}/CaseCustomParameters`, `${c}/attachments`, `${c}/messages`];
  return [
    `${c}/CaseCustomParameters`,
    `/api/orgs/${row.Client_Id}/case-types?onlyActive=true`,
    `${c}/items`,
    `${c}/attachments`,
    `${c}/messages`,
    `/api/cases/requesting-official/${row.Client_Id}`,
    `/api/cases/assignees/${row.Client_Id}/data%20entry`,
    `/api/cases/assignees/${row.Client_Id}/reviewer`,
  ];
}

/** The case page as it opens, and where the items are in its batch (staff only). */
export function casePageReads(row: CaseRef, viewer: Viewer): PageReads & { itemsAt: number | null } {
  const batch = casePartReads(row, viewer);
  return { record: `/api/cases/${row.Id}?ssn=masked`, batch, itemsAt: viewer === 'staff' ? batch.indexOf(`/api/cases/${row.Id}/items`) : null };
}

/** The case page after a change (a paper added): everything it shows read again at once, so in one batch. */
export function casePageRefresh(row: CaseRef, viewer: Viewer): string[] {
  const { record, batch } = casePageReads(row, viewer);
  return [record, ...batch];
}

/** The item page as it opens: the item (with its sections), then its issue codes, expenses, files, history and the case's messages. */
export function itemPageReads(caseId: number, itemId: number): PageReads {
  const i = `/api/cases/${caseId}/items/${itemId}`;
  return { record: i, batch: [`${i}/issue-codes`, `${i}/expenses`, `${i}/attachments`, `${i}/history`, `/api/cases/${caseId}/messages`] };
}

/** The app's first reads after sign-in, in the order the browser sends them: the user and their permissions, then the lookups. */
export const SIGN_IN_READS: readonly (readonly string[])[] = [
  ['/api/user', '/api/user/permissions'],
  ['/api/types', '/api/security', '/api/orgs?includeHidden=true'],
];

/** The cases list the app lands on: its first page of cases (newest first) and the lists its filters read. */
export const CASES_LIST_OPEN = {
  search: { page: 0, pageSize: 20, sorted: [{ id: 'ReceivedDate', desc: true }], filtered: [], additional: {} },
  reads: ['/api/reviewers', '/api/workflows/case-states', '/api/workflows/item-states'],
} as const;

/** A read batch's answer (schemas/readBatchAnswer.json). */
export interface BatchAnswer {
  Answers: { Path: string; Status: number; Body: unknown }[];
}

/** The report form's values as the page sends them, each parameter at its default (src/reports/ReportsPage.tsx). */
export function reportFormValues(parameters: readonly ReportParametersParameter[]): { Name: string; Value: unknown }[] {
  return parameters.map((p) => {
    const [first] = p.DefaultValues;
    if (p.Type === 'Boolean' && !p.ValidValues && !p.Nullable) return { Name: p.Name, Value: first === true || first === 'true' };
    if (first === undefined || first === '') return { Name: p.Name, Value: null };
    if (p.Type === 'Integer') return { Name: p.Name, Value: Number(first) };
    if (p.Type === 'Boolean') return { Name: p.Name, Value: String(first) === 'true' };
    return { Name: p.Name, Value: String(first) };
  });
}

/** The section modal's Save and Close: the section's Definition as JSON text, sent as its body. */
export function sectionSaveCall(caseId: number, itemId: number, sectionId: number, definition: string): { method: 'PUT'; path: string; json: { Definition: string } } {
  return { method: 'PUT', path: `/api/cases/${caseId}/items/${itemId}/sections/${sectionId}`, json: { Definition: definition } };
}

/** A section's Definition with its first text value changed to name `editor`, as a person editing it in the section modal sends it. */
export function editedDefinition(definition: string, editor: string): string {
  const parsed = JSON.parse(definition) as { fields?: { field?: Record<string, unknown>[] } };
  const field = parsed.fields?.field?.find((f) => f['@type'] === 'textarea' || f['@type'] === 'text');
  if (field) field['#text'] = `${field['@type'] === 'text' ? 'Office' : 'Reviewed on site by'} ${editor} ${new Date().toISOString().slice(11, 19)}`;
  return JSON.stringify(parsed);
}
