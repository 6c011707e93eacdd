import PDFDocument from 'pdfkit';
import type { OutNode } from './xslt.js';
import { drawable } from '../pdf/fonts.js';
import { blocksOf, lineTexts } from './pdfBlocks.js';
import { PAGE, Renderer, registerFonts } from './pdfDrawing.js';

/**
 * Renders a report to PDF with pdfkit: the XHTML the report templates write is read as blocks (pdfBlocks.ts) and
 * drawn onto Letter pages (pdfDrawing.ts).
 */

/** What the renderer is given: the cover (when shown), the body, and the header and footer lines. */
export interface ReportContent {
  title: string;
  author: string;
  cover: OutNode[] | null;
  body: OutNode[];
  header: OutNode[];
  footer: OutNode[];
}

/**
 * The report's own pages: the cover (alone on its page, without header and footer), then the body with the header,
 * the footer and "Page n of N" on every page (numbered from the body's first page).
 */
export async function renderReportPdf(content: ReportContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margin,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: drawable(content.title), Author: drawable(content.author), Creator: 'Dossier', Producer: 'Dossier' },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const renderer = new Renderer(doc);
  let bodyStart = 0;
  if (content.cover) {
    doc.y = PAGE.height * 0.26;
    renderer.draw(blocksOf(content.cover));
    doc.addPage();
    bodyStart = doc.bufferedPageRange().count - 1;
  }
  renderer.draw(blocksOf(content.body));
  const header = lineTexts(content.header);
  const footer = lineTexts(content.footer);
  const range = doc.bufferedPageRange();
  const pages = range.count - bodyStart;
  for (let index = bodyStart; index < range.count; index += 1) {
    doc.switchToPage(index);
    renderer.band(header, footer, index - bodyStart + 1, pages);
  }
  doc.end();
  return finished;
}
