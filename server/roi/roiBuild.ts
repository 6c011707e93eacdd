import { randomBytes, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { Database } from '../db/database.js';
import type { FileStorage } from '../files/storage.js';
import { orgChain } from '../orgs/inheritance.js';
import { ADDRESS_PARTS, type SectionField } from '../../shared/sections.js';
import { caseXml, listFieldNames, type ListNames, type ReportSection } from '../cases/caseXml.js';
import type { SsnVault } from '../security/ssnVault.js';
import { renderReportPdf } from './pdfRender.js';
import { DEFAULT_COVER_XSLT, DEFAULT_FOOTER_XSLT, DEFAULT_HEADER_XSLT, DEFAULT_ROI_STYLESHEET, DEFAULT_SECTION_XSLT } from './roiTemplates.js';
import { serializeNodes, XsltSession, type OutNode, type TransformJob } from './xslt.js';

/** The largest case paper read into a report (a bigger one is left out, like a paper that is not a PDF). */
export const MAX_PAPER_BYTES = 50 * 1024 * 1024;

export interface BuiltReport {
  fileName: string;
  pdf: Uint8Array;
  /** Case papers put in front, and those left out (not a PDF, unreadable, encrypted, too large or missing). */
  papers: { included: number; skipped: number };
  encrypted: boolean;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
/** Characters XML 1.0 allows (tab, line breaks, and from space on, without U+FFFE and U+FFFF). */
const xmlChar = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return code === 9 || code === 10 || code === 13 || (code >= 32 && code !== 0xfffe && code !== 0xffff);
};
const stripControls = (text: string) => Array.from(text).filter(xmlChar).join('');

/**
 * A field's value as a reader sees it: dates MM/DD/YYYY, Current, Yes/No, an address on one line, entries by line (a
 * list field inside an entry by its items' names). A list field on its own keeps its code(s): its names travel beside
 * them (`sectionXml`).
 */
export function displayValue(field: SectionField, names: ListNames = new Map()): string {
  const type = field['@type'];
  if (type === 'address') {
    const parts = ADDRESS_PARTS.map((part) => String(field[part] ?? '').trim());
    const [line1, line2, city, region, postal] = parts;
    return [line1, line2, [city, [region, postal].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');
  }
  if (type === 'template') {
    return (field.entries ?? [])
      .map((entry) =>
        entry.fields.field
          .map((inner) => [inner['@label'], (inner['@type'] === 'list' && listFieldNames(inner, names)) || displayValue(inner, names)] as const)
          .filter(([, value]) => value)
          .map(([label, value]) => `${label}: ${value.replace(/\n/g, ' ')}`)
          .join('; '),
      )
      .filter(Boolean)
      .join('\n');
  }
  const value = String(field['#text'] ?? '').trim();
  if (type === 'checkbox') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
  if (type === 'date') {
    if (value.toLowerCase() === 'current') return 'Current';
    const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    return day ? `${day[2]}/${day[3]}/${day[1]}` : value;
  }
  return value;
}

/**
 * The document a section's ROI XSLT reads: `<section name="…">` with a `field` per field shown in the report
 * (`name`, `label`, `type`, `showInReport` attributes; the value as the reader sees it as text; an address's parts
 * as attributes too; a list field's code(s) as text, as ever, with its list in `listType` and its items' names in
 * `names` — "Personal Conduct" beside "E" — which the built-in section XSLT prints).
 */
export function sectionXml(section: ReportSection): string {
  const fields = section.fields
    .map((field) => {
      const attrs: Record<string, string> = {
        name: field['@name'],
        label: field['@label'],
        type: String(field['@type']),
        showInReport: String(field['@showInReport'] !== false),
      };
      if (field['@type'] === 'address') for (const part of ADDRESS_PARTS) attrs[part] = String(field[part] ?? '');
      if (field['@type'] === 'list') {
        attrs.listType = String(field['@listType'] ?? '');
        attrs.names = listFieldNames(field, section.listNames);
      }
      const attributes = Object.entries(attrs)
        .map(([name, value]) => ` ${name}="${escapeAttr(stripControls(value ?? ''))}"`)
        .join('');
      return `<field${attributes}>${escapeText(stripControls(displayValue(field, section.listNames)))}</field>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><section name="${escapeAttr(stripControls(section.name))}">${fields}</section>`;
}

async function readAll(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Whether the user wants encrypted reports for the case's org: their setting there, else at the nearest org above. */
async function wantsEncryption(db: Database, orgIds: number[], userId: number): Promise<boolean> {
  if (!orgIds.length) return false;
  const rows = await db.selectFrom('org_user_settings').select(['Org_Id', 'EncryptROI']).where('User_Id', '=', userId).where('Org_Id', 'in', orgIds).execute();
  const nearest = orgIds.map((id) => rows.find((row) => row.Org_Id === id)).find(Boolean);
  return Boolean(nearest?.EncryptROI);
}

/** Reports built at once by one API instance (their transforms run on the XSLT worker pool); more wait their turn. */
export const MAX_CONCURRENT_REPORTS = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function turn<T>(work: () => Promise<T>): Promise<T> {
  // A finished report hands its place to the next waiting one, so no newcomer slips in between.
  if (running >= MAX_CONCURRENT_REPORTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/**
 * The report of investigation of a case (docs/decisions.md "Report of investigation: XSLT and PDF in Node"): the
 * case XML, each shown section through its section template's ROI XSLT, the case through the case template's cover
 * sheet (when Show Cover Page), stylesheet, header and footer XSLTs (built-in ones where a template has none), drawn
 * by pdfkit; the org's case papers (PDFs) in front when it prepends attachments; protected with the org's ROI
 * encryption password when the user's Encrypt ROI setting is on. A template that fails throws ReportTemplateError.
 */
export function buildReport(db: Database, storage: FileStorage, vault: SsnVault, caseRow: CaseForReport, userId: number): Promise<BuiltReport> {
  return turn(() => build(db, storage, vault, caseRow, userId));
}

type CaseForReport = { Id: number; Client_Id: number; CaseTemplate_Id: number | null };

async function build(db: Database, storage: FileStorage, vault: SsnVault, caseRow: CaseForReport, userId: number): Promise<BuiltReport> {
  const nonce = randomUUID();
  const slot = (key: string) => `roi-section-${nonce}-${key}`;
  const [{ caseNumber, xml, sections }, template, org, chain] = await Promise.all([
    // A report goes to the client org: its XML carries the SSN's last four digits only, whatever a template prints.
    caseXml(db, caseRow.Id, (stored) => vault.masked(stored), { slot }),
    caseRow.CaseTemplate_Id
      ? db
          .selectFrom('case_templates')
          .select(['Label', 'ROICoversheetTemplate', 'ROIStylesheet', 'ROIHeader', 'ROIFooter', 'ShowCoverPage'])
          .where('Id', '=', caseRow.CaseTemplate_Id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    db.selectFrom('orgs').select(['Name', 'ROIEncrpytionPassword', 'PrependAttachmentsToROI']).where('Id', '=', caseRow.Client_Id).executeTakeFirstOrThrow(),
    orgChain(db, caseRow.Client_Id),
  ]);

  const own = (text: string | null | undefined, fallback: string) => (text?.trim() ? text : fallback);
  const templateName = (field: string) => (template ? `The ${field} of case template "${template.Label}"` : `The built-in ${field}`);
  const session = new XsltSession();
  const sectionJobs: TransformJob[] = sections.map((section) => ({
    name: section.roiTemplate?.trim() ? `The report XSLT of section template "${section.name}"` : `The built-in section XSLT (${section.name})`,
    xslt: own(section.roiTemplate, DEFAULT_SECTION_XSLT),
    xml: sectionXml(section),
  }));
  const rendered = await session.run(sectionJobs);
  let reportXml = xml;
  sections.forEach((section, index) => {
    reportXml = reportXml.split(slot(section.key)).join(serializeNodes(rendered[index]));
  });
  const showCover = template ? Boolean(template.ShowCoverPage) : true;
  const caseJobs: TransformJob[] = [
    { name: templateName('Stylesheet XSLT'), xslt: own(template?.ROIStylesheet, DEFAULT_ROI_STYLESHEET), xml: reportXml },
    { name: templateName('Header XSLT'), xslt: own(template?.ROIHeader, DEFAULT_HEADER_XSLT), xml: reportXml },
    { name: templateName('Footer XSLT'), xslt: own(template?.ROIFooter, DEFAULT_FOOTER_XSLT), xml: reportXml },
    ...(showCover ? [{ name: templateName('Cover Sheet XSLT'), xslt: own(template?.ROICoversheetTemplate, DEFAULT_COVER_XSLT), xml: reportXml }] : []),
  ];
  const [body, header, footer, coverNodes] = await session.run(caseJobs);
  const cover: OutNode[] | null = coverNodes ?? null;

  const report = await renderReportPdf({ title: `Report of Investigation ${caseNumber}`, author: org.Name, cover, body, header, footer });
  const password = org.ROIEncrpytionPassword?.trim() ? org.ROIEncrpytionPassword : null;
  const encrypt = password !== null && (await wantsEncryption(db, chain.ids, userId));
  const papers = { included: 0, skipped: 0 };
  const fileName = `${caseNumber}.pdf`;
  if (!org.PrependAttachmentsToROI && !encrypt) return { fileName, pdf: report, papers, encrypted: false };

  const out = await PDFDocument.create({ updateMetadata: false });
  if (org.PrependAttachmentsToROI) {
    const rows = await db
      .selectFrom('case_attachments')
      .select(['Id', 'Name', 'StorageKey'])
      .where('Case_Id', '=', caseRow.Id)
      .where('StorageKey', 'is not', null)
      .orderBy('CreatedDate')
      .orderBy('Id')
      .execute();
    for (const row of rows) {
      try {
        const bytes = await readAll(await storage.read(row.StorageKey!), MAX_PAPER_BYTES);
        if (!bytes || bytes.subarray(0, 1024).indexOf('%PDF-') < 0) throw new Error('not a PDF');
        const source = await PDFDocument.load(bytes, { updateMetadata: false });
        const pages = await out.copyPages(source, source.getPageIndices());
        for (const page of pages) out.addPage(page);
        papers.included += 1;
      } catch {
        // Not a PDF, unreadable, encrypted, too large or missing from the storage: the report goes on without it.
        papers.skipped += 1;
      }
    }
  }
  const built = await PDFDocument.load(report, { updateMetadata: false });
  for (const page of await out.copyPages(built, built.getPageIndices())) out.addPage(page);
  out.setTitle(`Report of Investigation ${caseNumber}`);
  out.setAuthor(org.Name);
  out.setCreator('Dossier');
  out.setProducer('Dossier');
  if (encrypt) {
    out.encrypt({
      userPassword: password!,
      ownerPassword: randomBytes(24).toString('base64url'),
      permissions: { printing: 'highResolution', copying: true, modifying: false, annotating: false, fillingForms: false, contentAccessibility: true, documentAssembly: false },
    });
  }
  const pdf = await out.save({ useObjectStreams: false });
  return { fileName, pdf, papers, encrypted: encrypt };
}
