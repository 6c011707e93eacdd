import { XMLBuilder } from 'fast-xml-parser';
import type { Database } from '../db/database.js';
import type { FieldList, SectionField } from '../../shared/sections.js';
import { ADDRESS_PARTS } from '../../shared/sections.js';
import { caseRecord } from './caseRecord.js';

type Node = Record<string, unknown>;

/** A section field as XML: its settings as attributes, its value as text (an address as its parts, a template's entries as Entry elements). */
function fieldNode(field: SectionField): Node {
  const node: Node = {
    '@_name': field['@name'],
    '@_label': field['@label'],
    '@_type': field['@type'],
    '@_showInReport': field['@showInReport'] !== false,
  };
  if (field['@type'] === 'address') for (const part of ADDRESS_PARTS) node[part] = field[part] ?? '';
  else if (field['@type'] === 'template') node.Entry = (field.entries ?? []).map((entry) => ({ Field: entry.fields.field.map(fieldNode) }));
  else node['#text'] = field['#text'] ?? '';
  return node;
}

const definitionOf = (value: unknown): FieldList | null => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  const fields = (parsed as FieldList | null)?.fields?.field;
  return Array.isArray(fields) ? (parsed as FieldList) : null;
};

/**
 * The case XML (spec 001 §2 "XML/XSLT download"): the data the report of investigation is built from — the case,
 * its subject, org and case type, and its items in the case's order with Show In Report and the case template's
 * Show Title, each with its location, status and its sections' fields and values (every field, marked
 * showInReport, so the stylesheet decides what a report shows). Four queries, whatever the number of items.
 */
export async function caseXml(db: Database, caseId: number): Promise<{ caseNumber: string; xml: string }> {
  const record = await caseRecord(db, caseId);
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
      ? db.selectFrom('item_sections as s').innerJoin('sections as t', 't.Id', 's.Section_Id').select(['s.Item_Id', 't.SectionName', 's.Definition']).where('s.Item_Id', 'in', ids).orderBy('s.DisplayOrder').execute()
      : Promise.resolve([]),
    record.CaseTemplate_Id
      ? db.selectFrom('case_template_items').select(['ItemType_Id', 'ShowTitle']).where('CaseTemplate_Id', '=', Number(record.CaseTemplate_Id)).execute()
      : Promise.resolve([]),
  ]);
  const showTitle = new Map(titles.map((t) => [t.ItemType_Id, t.ShowTitle]));
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
        Item: items.map((item, index) => ({
          '@_Id': item.Id,
          '@_DisplayId': index + 1,
          '@_ShowInReport': item.ShowInReport,
          '@_ShowTitle': showTitle.get(item.ItemType_Id) ?? true,
          ItemType: { '@_Description': item.ItemTypeDescription ?? '', '#text': item.ItemType },
          Status: item.ItemStatus,
          ACD: day(item.ACD),
          CompletedDate: day(item.CompletedDate),
          Investigator: item.InvestigatorLast ? `${item.InvestigatorFirst ?? ''} ${item.InvestigatorLast}`.trim() : '',
          Location: { Label: item.Label ?? '', Address1: item.Address1 ?? '', Address2: item.Address2 ?? '', City: item.City ?? '', Region: item.Region ?? '', PostalCode: item.PostalCode ?? '' },
          Sections: {
            Section: sections
              .filter((s) => s.Item_Id === item.Id)
              .map((s) => ({ '@_Name': s.SectionName, Field: (definitionOf(s.Definition)?.fields.field ?? []).map(fieldNode) })),
          },
        })),
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false, processEntities: true });
  return { caseNumber: String(record.CaseNumber), xml: builder.build(document) as string };
}

/**
 * The stylesheet a case's report starts from when its case template has none: the case, its subject and each item
 * shown in the report with its title and the fields marked showInReport.
 */
export const DEFAULT_CASE_XSLT = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
    <xsl:output method="html" indent="yes"/>
    <xsl:template match="/Case">
        <html>
            <body>
                <h1>Report of Investigation</h1>
                <p>Case <xsl:value-of select="CaseNumber"/> — <xsl:value-of select="Subject/FirstName"/><xsl:text> </xsl:text><xsl:value-of select="Subject/LastName"/></p>
                <p><xsl:value-of select="Org/Name"/> (<xsl:value-of select="Org/Code"/>), <xsl:value-of select="CaseType"/></p>
                <xsl:for-each select="Items/Item[@ShowInReport='true']">
                    <xsl:if test="@ShowTitle='true'"><h2><xsl:value-of select="ItemType"/></h2></xsl:if>
                    <xsl:for-each select="Sections/Section">
                        <h3><xsl:value-of select="@Name"/></h3>
                        <dl>
                            <xsl:for-each select="Field[@showInReport='true']">
                                <dt><xsl:value-of select="@label"/></dt>
                                <dd><xsl:value-of select="."/></dd>
                            </xsl:for-each>
                        </dl>
                    </xsl:for-each>
                </xsl:for-each>
            </body>
        </html>
    </xsl:template>
</xsl:stylesheet>
`;
