import { XMLBuilder } from 'fast-xml-parser';
import type { Database } from '../db/database.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { ADDRESS_PARTS } from '../../shared/sections.js';
import { MULTI_VALUE_SEPARATOR } from '../../shared/sectionSchema.js';
import { caseRecord } from './caseRecord.js';
import type { StoredSsn } from './subjectSsn.js';
import { DEFAULT_ROI_STYLESHEET } from '../roi/roiTemplates.js';

type Node = Record<string, unknown>;

/** The names of the lookup lists' items, by list and code (IssueCodeType → E → Personal Conduct). */
export type ListNames = ReadonlyMap<string, ReadonlyMap<string, string>>;

/**
 * A list field's value as names (issue 22: "Issue Areas: E" printed the code): each code of the value — several,
 * comma separated, when the field allows many — as its list item's name; a code the list no longer holds as it is.
 * Empty for a field that is no list or holds nothing.
 */
export function listFieldNames(field: SectionField, names: ListNames): string {
  const text = field['#text'];
  if (field['@type'] !== 'list' || typeof text !== 'string' || !text) return '';
  const codes = field['@allowMultiple'] === true ? text.split(MULTI_VALUE_SEPARATOR).filter(Boolean) : [text];
  const list = names.get(String(field['@listType'] ?? ''));
  return codes.map((code) => list?.get(code) || code).join(MULTI_VALUE_SEPARATOR);
}

/**
 * A section field as XML: its settings as attributes, its value as text (an address as its parts, a template's
 * entries as Entry elements). A list field keeps its code(s) as text — what custom templates print — with its list
 * (`listType`) and the items' names (`names`) beside them.
 */
function fieldNode(field: SectionField, names: ListNames): Node {
  const node: Node = {
    '@_name': field['@name'],
    '@_label': field['@label'],
    '@_type': field['@type'],
    '@_showInReport': field['@showInReport'] !== false,
  };
  if (field['@type'] === 'list') {
    node['@_listType'] = field['@listType'] ?? '';
    node['@_names'] = listFieldNames(field, names);
  }
  if (field['@type'] === 'address') for (const part of ADDRESS_PARTS) node[part] = field[part] ?? '';
  else if (field['@type'] === 'template') node.Entry = (field.entries ?? []).map((entry) => ({ Field: entry.fields.field.map((inner) => fieldNode(inner, names)) }));
  else node['#text'] = field['#text'] ?? '';
  return node;
}

/** The lists the fields of these sections take values from (also inside a template field's entries). */
function listsUsed(lists: readonly SectionField[][]): string[] {
  const used = new Set<string>();
  const visit = (fields: readonly SectionField[]) => {
    for (const field of fields) {
      if (field['@type'] === 'list' && field['@listType']) used.add(field['@listType']);
      for (const entry of field.entries ?? []) visit(entry.fields.field);
    }
  };
  lists.forEach(visit);
  return [...used];
}

/** The names of the items of these lists, hidden ones too (a value chosen before an item was hidden keeps its name). */
async function listNamesOf(db: Database, lists: readonly string[]): Promise<ListNames> {
  const names = new Map<string, Map<string, string>>();
  if (!lists.length) return names;
  const rows = await db.selectFrom('type_items').select(['TableName', 'Short', 'Description']).where('TableName', 'in', [...lists]).execute();
  for (const row of rows) {
    const list = names.get(row.TableName) ?? new Map<string, string>();
    if (row.Description?.trim()) list.set(row.Short, row.Description.trim());
    names.set(row.TableName, list);
  }
  return names;
}

const definitionOf = (value: unknown): FieldList | null => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const fields = (parsed as FieldList | null)?.fields?.field;
  return Array.isArray(fields) ? (parsed as FieldList) : null;
};

/** What the report of investigation asks of the case XML (server/roi/roiBuild.ts). */
export interface CaseXmlReportOptions {
  /** The text put in each section's `Report` element, replaced later by the section's rendered ROI XSLT output. */
  slot: (key: string) => string;
}

/**
 * A section of an item shown in the report: its fields shown in the report, its section template's ROI XSLT, and the
 * names of the list items its list fields hold.
 */
export interface ReportSection {
  key: string;
  name: string;
  roiTemplate: string | null;
  fields: SectionField[];
  listNames: ListNames;
}

/** Only the fields marked showInReport (also inside a template field's entries). */
const shownFields = (list: SectionField[]): SectionField[] =>
  list
    .filter((field) => field['@showInReport'] !== false)
    .map((field) => (field.entries ? { ...field, entries: field.entries.map((entry) => ({ fields: { field: shownFields(entry.fields.field) } })) } : field));

/**
 * The case XML (spec 001 §2 "XML/XSLT download"): the data the report of investigation is built from — the case,
 * its subject, org and case type, and its items in the case's order with Show In Report and the case template's
 * Show Title, each with its location, status and its sections' fields and values (every field, marked
 * showInReport, so the stylesheet decides what a report shows), a list field's items' names beside its codes. Five
 * queries, whatever the number of items.
 * For the report (`report`): only the items and fields shown in it, items in the case template's order, and a
 * `Report` element per section that the section's rendered ROI XSLT output replaces (server/roi/roiBuild.ts).
 */
export async function caseXml(
  db: Database,
  caseId: number,
  ssn: (stored: StoredSsn) => string | null,
  report?: CaseXmlReportOptions,
): Promise<{ caseNumber: string; xml: string; sections: ReportSection[] }> {
  const record = await caseRecord(db, caseId, ssn);
  const items = await db
    .selectFrom('items as i')
    .innerJoin('item_types as it', 'it.Id', 'i.ItemType_Id')
    .leftJoin('type_items as region', 'region.Id', 'i.RegionType_Id')
    .leftJoin('users as u', 'u.Id', 'i.AssignedTo_Id')
    .select([
      'i.Id', 'i.DisplayOrder', 'i.ItemType_Id', 'it.Name as ItemType', 'it.Description as ItemTypeDescription', 'i.ACD', 'i.Label',
      'i.Address1', 'i.Address2', 'i.City', 'region.Short as Region', 'i.PostalCode', 'i.ShowInReport', 'i.ItemStatus',
      'i.CompletedDate', 'u.FirstName as InvestigatorFirst', 'u.LastName as InvestigatorLast',
    ])
    .where('i.Case_Id', '=', caseId)
    .orderBy('i.DisplayOrder')
    .execute();
  const ids = items.map((i) => i.Id);
  const [sections, titles] = await Promise.all([
    ids.length
      ? db.selectFrom('item_sections as s').innerJoin('sections as t', 't.Id', 's.Section_Id').select(['s.Id', 's.Item_Id', 't.SectionName', 's.Definition', 't.ROITemplate']).where('s.Item_Id', 'in', ids).orderBy('s.DisplayOrder').execute()
      : Promise.resolve([]),
    record.CaseTemplate_Id
      ? db.selectFrom('case_template_items').select(['ItemType_Id', 'ShowTitle', 'DisplayOrder']).where('CaseTemplate_Id', '=', Number(record.CaseTemplate_Id)).execute()
      : Promise.resolve([]),
  ]);
  const showTitle = new Map(titles.map((t) => [t.ItemType_Id, t.ShowTitle]));
  // The report: the items shown in it (each item's Show In Report, which starts as the case template's), in the case
  // template's order of item templates (items of a template it does not list last), then the case's order.
  const templateOrder = new Map(titles.map((t) => [t.ItemType_Id, t.DisplayOrder]));
  const rank = (itemTypeId: number) => templateOrder.get(itemTypeId) ?? Number.MAX_SAFE_INTEGER;
  const listed = report
    ? items.filter((item) => item.ShowInReport).sort((a, b) => rank(a.ItemType_Id) - rank(b.ItemType_Id) || a.DisplayOrder - b.DisplayOrder)
    : items;
  const fieldsOf = new Map(sections.map((s) => [s.Id, definitionOf(s.Definition)?.fields.field ?? []]));
  const listNames = await listNamesOf(db, listsUsed([...fieldsOf.values()]));
  const reportSections: ReportSection[] = [];
  const sectionNode = (s: (typeof sections)[number]): Node => {
    const all = fieldsOf.get(s.Id) ?? [];
    if (!report) return { '@_Name': s.SectionName, Field: all.map((field) => fieldNode(field, listNames)) };
    const key = `${s.Item_Id}-${s.Id}`;
    const fields = shownFields(all);
    reportSections.push({ key, name: s.SectionName, roiTemplate: s.ROITemplate, fields, listNames });
    return { '@_Name': s.SectionName, Field: fields.map((field) => fieldNode(field, listNames)), Report: report.slot(key) };
  };
  const subject = (record.Subject ?? {}) as Node;
  const org = record.Org as Node;
  const caseType = record.CaseType as Node;
  const day = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? ''));

  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Case: {
      '@_Id': record.Id,
      CaseNumber: record.CaseNumber,
      WorkflowState: record.WorkflowState,
      CaseType: { '@_Short': caseType.Short ?? '', '#text': caseType.Description ?? '' },
      ReceivedDate: day(record.ReceivedDate),
      ScheduledDate: day(record.ScheduledDate),
      DueDate: day(record.DueDate),
      CompletionDate: day(record.CompletionDate),
      Notes: record.Notes ?? '',
      Subject: { FirstName: subject.FirstName ?? '', MiddleName: subject.MiddleName ?? '', LastName: subject.LastName ?? '', SSN: subject.SSN ?? '' },
      Org: { '@_Id': org.Id, Name: org.Name, Code: org.Code },
      Items: {
        Item: listed.map((item, index) => ({
          '@_Id': item.Id,
          '@_DisplayId': report ? items.indexOf(item) + 1 : index + 1,
          '@_ShowInReport': item.ShowInReport,
          '@_ShowTitle': showTitle.get(item.ItemType_Id) ?? true,
          ItemType: { '@_Description': item.ItemTypeDescription ?? '', '#text': item.ItemType },
          Status: item.ItemStatus,
          ACD: day(item.ACD),
          CompletedDate: day(item.CompletedDate),
          Investigator: item.InvestigatorLast ? `${item.InvestigatorFirst ?? ''} ${item.InvestigatorLast}`.trim() : '',
          Location: { Label: item.Label ?? '', Address1: item.Address1 ?? '', Address2: item.Address2 ?? '', City: item.City ?? '', Region: item.Region ?? '', PostalCode: item.PostalCode ?? '' },
          Sections: {
            Section: sections.filter((s) => s.Item_Id === item.Id).map(sectionNode),
          },
        })),
      },
    },
  };
  // suppressBooleanAttributes off: a true flag is written ShowTitle="true" (the builder's default writes a bare name, which is not XML).
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false, suppressBooleanAttributes: false, processEntities: true });
  return { caseNumber: String(record.CaseNumber), xml: builder.build(document) as string, sections: reportSections };
}

/**
 * The stylesheet a case's report starts from when its case template has none (the Case XSLT download answers it):
 * the report's own built-in stylesheet (server/roi/roiTemplates.ts).
 */
export const DEFAULT_CASE_XSLT = DEFAULT_ROI_STYLESHEET;
