import { afterAll, beforeAll, expect } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { SectionField } from '../../shared/sections.js';
import { startTestApp, type TestApp } from './testApp.js';
import { caseAwaitingAssignment } from './readyCase.js';
import { putTemplateSections } from './itemSections.js';
import { pdfPageTexts } from './pdfText.js';

/** Where the report tests save the PDFs they make, to look at (ROI_SAVE_DIR); unset, nothing is saved. */
export const SAVE_DIR = process.env.ROI_SAVE_DIR;

/** How many cases `filledCase` has made in this test file: the last one's subject is Jordan Roisubject{cases}. */
export let cases = 0;

/** Each field's value names its section and field, so the text of the PDF says where it came from. */
function valued(section: string, field: SectionField): SectionField {
  const mark = `${section.replace(/\s+/g, '')}-${field['@name']}`;
  switch (field['@type']) {
    case 'checkbox':
      return { ...field, '#text': 'true' };
    case 'address':
      return { ...field, line1: `${mark} 1 Main St`, city: 'Columbia', region: 'SC', postalCode: '29201' };
    case 'date':
      return { ...field, '#text': '2024-05-01' };
    case 'template':
      return { ...field, entries: [{ fields: { field: (field.Template?.fields.field ?? []).map((inner) => valued(section, inner)) } }] };
    default:
      return { ...field, '#text': `V-${mark}` };
  }
}

/** The PDF of an answer, read back: the text of each page, all of it, and its bytes. */
export async function pdfOf(response: { statusCode: number; body: string; rawPayload: Buffer }): Promise<{ pages: string[]; text: string; bytes: Buffer }> {
  expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
  const bytes = response.rawPayload;
  const parsed = await PDFDocument.load(bytes);
  const pages = await pdfPageTexts(bytes);
  expect(pages.length).toBe(parsed.getPageCount());
  return { pages, text: pages.join('\n'), bytes };
}

/**
 * The app of a report-of-investigation test file, started before its tests and closed after them (`started` is handed
 * it), with the demo users it needs signed in by user name and every user's id; and the cases and calls of the tests.
 */
export function roiApp(started?: (app: TestApp) => void) {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const users = new Map<string, number>();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp();
    started?.(t);
    for (const name of ['caseadmin', 'dataentry', 'client', 'investigator', 'palmetto', 'sysadmin']) tokens[name] = await t.signIn(name);
    for (const row of await db().selectFrom('users').select(['Id', 'UserName']).execute()) users.set(row.UserName, row.Id);
  });
  afterAll(() => t.close());

  const report = (who: string, caseId: number) => t.call(tokens[who], { method: 'GET', url: `/api/cases/${caseId}/report` });

  /** Every section of the item's template on the item, every field filled; `hide` marks fields not shown in the report. */
  async function fillSections(itemId: number, hide: (section: string, field: string) => boolean = () => false) {
    await putTemplateSections(db(), itemId, (name, template) => ({
      fields: { field: template.fields.field.map((field) => ({ ...valued(name, field), '@showInReport': !hide(name, field['@name']) })) },
    }));
  }

  /** A Tier 3 case of the Department of Commerce with its five items, every section filled, then made complete. */
  async function filledCase(options: { complete?: boolean; hide?: (section: string, field: string) => boolean } = {}) {
    cases += 1;
    const { caseId, items } = await caseAwaitingAssignment(t, tokens, { lastName: `Roisubject${cases}`, firstName: 'Jordan', ssn: `55${cases}` });
    for (const item of items) await fillSections(item, options.hide);
    if (options.complete !== false) await db().updateTable('cases').set({ WorkflowState: 'COMPLETE', CompletionDate: t.clock.now() }).where('Id', '=', caseId).execute();
    const { CaseNumber } = await db().selectFrom('cases').select('CaseNumber').where('Id', '=', caseId).executeTakeFirstOrThrow();
    return { caseId, items, caseNumber: CaseNumber };
  }

  const templateOf = async (caseId: number) =>
    (await db().selectFrom('cases').select('CaseTemplate_Id').where('Id', '=', caseId).executeTakeFirstOrThrow()).CaseTemplate_Id!;
  const orgOf = async (caseId: number) => (await db().selectFrom('cases').select('Client_Id').where('Id', '=', caseId).executeTakeFirstOrThrow()).Client_Id;

  return { tokens, users, db, report, filledCase, templateOf, orgOf };
}
