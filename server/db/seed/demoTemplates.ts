import type { Kysely } from 'kysely';
import type { FieldList, SectionField } from '../../../shared/sections.js';
import type { DB } from '../schema.js';
import type { SeedContext } from './demoIdentity.js';
import { DEFAULT_SECTION_XSLT } from '../../roi/roiTemplates.js';

let fieldCounter = 0;
function field(type: SectionField['@type'], label: string, extra: Partial<SectionField> = {}): SectionField {
  fieldCounter += 1;
  return {
    '@id': `f${fieldCounter}`,
    '@type': type,
    '@name': label.replace(/[^a-zA-Z0-9]/g, ''),
    '@label': label,
    '@required': false,
    '@showInReport': true,
    ...extra,
  };
}
const fields = (...list: SectionField[]): FieldList => ({ fields: { field: list } });

/** The demo's section templates carry the built-in section XSLT as their own, for the ROI editor to show. */
const ROI_SECTION = DEFAULT_SECTION_XSLT;

/** Section templates (with every field type), item templates built from them, case templates, expense types. */
export function demoSections(): { name: string; versions: FieldList[] }[] {
  fieldCounter = 0;
  return [
    {
      name: 'Subject Interview',
      versions: [
        fields(
          field('date', 'Interview Date', { '@required': true, '@disableDatesAfterToday': true }),
          field('textarea', 'Summary', { '@required': true, '@allowStockPhrases': true }),
        ),
        fields(
          field('date', 'Interview Date', { '@required': true, '@disableDatesAfterToday': true, '@allowCurrent': true }),
          field('text', 'Interview Location', { '@required': true }),
          field('checkbox', 'Subject Cooperative', { '#text': 'true' }),
          field('phoneNumber', 'Contact Phone'),
          field('textarea', 'Summary', {
            '@required': true,
            '@allowStockPhrases': true,
            '@instructions': 'Summarise the interview in the third person.',
          }),
          field('list', 'Issue Areas', { '@listType': 'IssueCodeType', '@allowMultiple': true }),
        ),
      ],
    },
    {
      name: 'Residence Verification',
      versions: [
        fields(
          field('address', 'Residence Address', { '@required': true }),
          field('date', 'Resided From', { '@disableDatesAfterToday': true }),
          field('date', 'Resided To', { '@allowCurrent': true, '@disableDatesAfterToday': true }),
          field('template', 'Sources', {
            '@instructions': 'One entry per person interviewed about the residence.',
            Template: fields(
              field('text', 'Source Name', { '@required': true }),
              field('list', 'Source Type', { '@listType': 'SourceType' }),
              field('phoneNumber', 'Source Phone'),
              field('textarea', 'Statement', { '@allowStockPhrases': true }),
            ),
          }),
        ),
      ],
    },
    {
      name: 'Employment Verification',
      versions: [
        fields(
          field('text', 'Employer', { '@required': true }),
          field('address', 'Employer Address'),
          field('date', 'Start Date', { '@required': true }),
          field('date', 'End Date', { '@allowCurrent': true }),
          field('text', 'Position Title'),
          field('checkbox', 'Eligible For Rehire', { '#text': 'false' }),
          field('textarea', 'Supervisor Comments', { '@allowStockPhrases': true }),
        ),
      ],
    },
    {
      name: 'Education Verification',
      versions: [
        fields(
          field('text', 'Institution', { '@required': true }),
          field('list', 'State', { '@listType': 'RegionType' }),
          field('text', 'Degree'),
          field('date', 'Degree Date', { '@disableDatesAfterToday': true }),
          field('checkbox', 'Degree Confirmed', { '#text': 'false' }),
        ),
      ],
    },
    {
      name: 'Law Enforcement Record Check',
      versions: [
        fields(
          field('text', 'Agency', { '@required': true }),
          field('date', 'Check Date', { '@required': true, '@allowCurrent': true, '@disableDatesAfterToday': true }),
          field('checkbox', 'Record Found', { '#text': 'false' }),
          field('textarea', 'Findings', { '@allowStockPhrases': true }),
        ),
      ],
    },
    {
      name: 'Reference Interview',
      versions: [
        fields(
          field('text', 'Reference Name', { '@required': true }),
          field('list', 'Relationship', { '@listType': 'SourceType' }),
          field('phoneNumber', 'Reference Phone'),
          field('date', 'Interview Date', { '@required': true, '@disableDatesAfterToday': true }),
          field('textarea', 'Statement', { '@required': true, '@allowStockPhrases': true }),
        ),
      ],
    },
  ];
}

const ITEM_TYPES: readonly { name: string; header: string; sections: [string, boolean][] }[] = [
  { name: 'Subject Interview', header: 'Personal Subject Interview', sections: [['Subject Interview', true]] },
  {
    name: 'Residence Check',
    header: 'Verification of Residence',
    sections: [['Residence Verification', true], ['Reference Interview', false]],
  },
  { name: 'Employment Check', header: 'Verification of Employment', sections: [['Employment Verification', true]] },
  { name: 'Education Check', header: 'Verification of Education', sections: [['Education Verification', true]] },
  {
    name: 'Law Enforcement Check',
    header: 'Local Law Enforcement Agency Check',
    sections: [['Law Enforcement Record Check', true]],
  },
  { name: 'Reference Check', header: 'Developed Reference Interview', sections: [['Reference Interview', true]] },
  { name: 'Credit Check', header: 'Credit Bureau Review (retired)', sections: [] },
];

const CASE_TEMPLATES: readonly { label: string; caseType: string; contract: string; items: [string, boolean][] }[] = [
  {
    label: 'Tier 1 Standard',
    caseType: 'T1',
    contract: 'FED',
    items: [['Subject Interview', true], ['Law Enforcement Check', true], ['Employment Check', false]],
  },
  {
    label: 'Tier 3 Standard',
    caseType: 'T3',
    contract: 'FED',
    items: [
      ['Subject Interview', true],
      ['Residence Check', true],
      ['Employment Check', true],
      ['Education Check', false],
      ['Law Enforcement Check', true],
      ['Reference Check', true],
    ],
  },
  {
    label: 'Tier 5 Comprehensive',
    caseType: 'T5',
    contract: 'FED',
    items: [
      ['Subject Interview', true],
      ['Residence Check', true],
      ['Employment Check', true],
      ['Education Check', true],
      ['Law Enforcement Check', true],
      ['Reference Check', true],
    ],
  },
  {
    label: 'State Reinvestigation',
    caseType: 'RI',
    contract: 'STATE',
    items: [['Subject Interview', true], ['Law Enforcement Check', true]],
  },
  {
    label: 'Employment Screening',
    caseType: 'EV',
    contract: 'COM',
    items: [['Employment Check', true], ['Education Check', true], ['Reference Check', false]],
  },
];

// The cover sheet reads the case XML (server/cases/caseXml.ts, root Case) and writes the report's XHTML (server/roi/).
const COVER_SHEET = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
    <xsl:template match="/Case">
        <p align="center" class="eyebrow"><xsl:value-of select="Org/Name"/></p>
        <h1 align="center">Report of Investigation</h1>
        <h2 align="center"><xsl:value-of select="Subject/FirstName"/><xsl:text> </xsl:text><xsl:value-of select="Subject/LastName"/></h2>
        <p align="center">Case <xsl:value-of select="CaseNumber"/> — <xsl:value-of select="CaseType"/></p>
        <p align="center" class="note">Confidential: furnished to the requesting organization only.</p>
    </xsl:template>
</xsl:stylesheet>`;

export interface TemplateIds {
  sections: Map<string, { id: number; template: FieldList }>;
  itemTypes: Map<string, number>;
  itemTypeSections: Map<number, { sectionId: number; required: boolean }[]>;
  caseTemplates: Map<string, { id: number; caseType: string; items: { itemTypeId: number; autoAdd: boolean }[] }>;
  expenseTypes: Map<string, number>;
}

export async function seedDemoTemplates(db: Kysely<DB>, ctx: SeedContext): Promise<TemplateIds> {
  const sections = new Map<string, { id: number; template: FieldList }>();
  for (const [index, section] of demoSections().entries()) {
    for (const [v, template] of section.versions.entries()) {
      const { Id } = await db
        .insertInto('sections')
        .values({
          SectionName: section.name,
          Version: v + 1,
          Enabled: true,
          Template: JSON.stringify(template),
          ROITemplate: ROI_SECTION,
          CreatedDate: new Date(ctx.now.getTime() - (60 - index * 5 - v) * 86_400_000),
        })
        .returning('Id')
        .executeTakeFirstOrThrow();
      sections.set(section.name, { id: Id, template });
    }
  }

  const itemTypes = new Map<string, number>();
  const itemTypeSections = new Map<number, { sectionId: number; required: boolean }[]>();
  for (const type of ITEM_TYPES) {
    const { Id } = await db
      .insertInto('item_types')
      .values({ Name: type.name, Description: type.header, Hidden: type.name === 'Credit Check' })
      .returning('Id')
      .executeTakeFirstOrThrow();
    itemTypes.set(type.name, Id);
    const links = type.sections.map(([name, required], order) => ({
      ItemType_Id: Id,
      Section_Id: sections.get(name)!.id,
      Required: required,
      DisplayOrder: order + 1,
    }));
    if (links.length) await db.insertInto('item_type_sections').values(links).execute();
    itemTypeSections.set(Id, links.map((l) => ({ sectionId: l.Section_Id, required: l.Required })));
  }

  const caseTemplates = new Map<string, { id: number; caseType: string; items: { itemTypeId: number; autoAdd: boolean }[] }>();
  for (const template of CASE_TEMPLATES) {
    const { Id } = await db
      .insertInto('case_templates')
      .values({
        Label: template.label,
        CaseType_Id: ctx.lookup('CaseType', template.caseType),
        ContractType_Id: ctx.lookup('ContractType', template.contract),
        ROICoversheetTemplate: COVER_SHEET,
        ShowCoverPage: true,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    const items = template.items.map(([name, autoAdd]) => ({ itemTypeId: itemTypes.get(name)!, autoAdd }));
    await db
      .insertInto('case_template_items')
      .values(
        items.map((item, order) => ({
          CaseTemplate_Id: Id,
          ItemType_Id: item.itemTypeId,
          AutoAdd: item.autoAdd,
          ShowInReport: true,
          ShowTitle: true,
          DisplayOrder: order + 1,
        })),
      )
      .execute();
    caseTemplates.set(template.label, { id: Id, caseType: template.caseType, items });
  }

  const expenseTypes = new Map<string, number>();
  const expenseSeeds: [string, string, boolean, boolean, boolean][] = [
    ['Mileage', 'MI', true, true, false],
    ['Court Record Fee', 'EA', false, false, false],
    ['Copy Fees', 'PG', true, false, false],
    ['Parking', 'EA', false, true, false],
    ['Overnight Lodging', 'DAY', true, true, false],
    ['Translator', 'HR', true, false, false],
    ['Fax Charges', 'PG', true, false, true],
  ];
  for (const [name, uom, multiple, reimbursable, hidden] of expenseSeeds) {
    const { Id } = await db
      .insertInto('expense_types')
      .values({
        Short: name,
        Description: name,
        UOMType_Id: ctx.lookup('UOMType', uom),
        MultipleUnitsAllowed: multiple,
        Reimbursable: reimbursable,
        Hidden: hidden,
      })
      .returning('Id')
      .executeTakeFirstOrThrow();
    expenseTypes.set(name, Id);
  }

  return { sections, itemTypes, itemTypeSections, caseTemplates, expenseTypes };
}
