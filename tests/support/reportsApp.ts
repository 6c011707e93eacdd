import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll } from 'vitest';
import { Groups, Permissions } from '../../shared/permissions.js';
import type { ReportDeclaration } from '../../server/reports/definition.js';
import { startTestApp, type TestApp } from './testApp.js';

export type Json = Record<string, unknown>;
export type Who = 'manager' | 'client' | 'investigator' | 'sysadmin';
export type Pair = { Name: string; Value: string | number | boolean | null };

export const reportUrl = (r: Pick<ReportDeclaration, 'group' | 'name'>) => `/api/reports/${encodeURIComponent(r.group)}/${encodeURIComponent(r.name)}`;
/** Wide-open parameters: every date range from 2000, nothing else narrowed. */
export const wide = (r: ReportDeclaration): Pair[] => r.parameters.map((p) => ({ Name: p.name, Value: p.type === 'DateTime' ? (p.name.endsWith('To') ? null : '01/01/2000') : p.type === 'Boolean' ? true : null }));

/** RFC 4180 CSV (quoted fields, doubled quotes) into rows of fields. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      out.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    out.push(row);
  }
  return out;
}

export const csvOf = (body: string) => parseCsv(body.replace(/^\uFEFF/, ''));
const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['Row', 'Column', 'Parameter'].includes(name), parseTagValue: false });
interface XmlRow { Details?: { Row?: Json[] } | string; [field: string]: unknown }
export const xmlRows = (body: string) => {
  const doc = xmlParser.parse(body) as { Report: { '@Group': string; '@Name': string; Rows: { Row?: XmlRow[] } | string; Columns: { Column: Json[] } } };
  const rows = typeof doc.Report.Rows === 'string' ? [] : (doc.Report.Rows.Row ?? []);
  return { report: doc.Report, rows };
};

/**
 * The app of a reports test file, started before its tests and closed after them (`started` is handed it): the
 * demo's client group may run reports here, the users of `Who` are signed in, the orgs known by code; and the calls.
 */
export function reportsApp(started?: (app: TestApp) => void) {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const org = new Map<string, number>();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp();
    started?.(t);
    // The demo's client group may not run reports; this file's client user may (its rows still only its own orgs').
    const clients = await db().selectFrom('groups').select('Id').where('Name', '=', Groups.CLIENT).executeTakeFirstOrThrow();
    const role = await db().selectFrom('roles').select('Id').where('Name', '=', Permissions.ReportData.VIEW_REPORT).executeTakeFirstOrThrow();
    await db().insertInto('group_roles').values({ Group_Id: clients.Id, Role_Id: role.Id }).execute();
    for (const who of ['manager', 'client', 'investigator', 'sysadmin'] as Who[]) tokens[who] = await t.signIn(who);
    for (const row of await db().selectFrom('orgs').select(['Id', 'Code']).execute()) if (row.Code) org.set(row.Code, row.Id);
  });
  afterAll(() => t.close());

  const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object) => t.call(who ? tokens[who] : null, { method, url, payload });
  const generate = (who: Who, r: ReportDeclaration, Format: string, Parameters: Pair[] = wide(r), extra: Json = {}) =>
    call(who, 'POST', reportUrl(r), { Group: r.group, Name: r.name, Parameters, Format, ...extra });

  return { tokens, org, db, call, generate };
}
