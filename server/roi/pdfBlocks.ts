import type { OutNode } from './xslt.js';
import { drawable } from '../pdf/fonts.js';

/**
 * Reads the XHTML the report templates write as blocks to draw (server/roi/pdfDrawing.ts): h1–h4, p, div, span,
 * strong/b, em/i, u, br, table/tr/th/td, ul/ol/li, dl/dt/dd, hr, and page breaks (`style="page-break-before|after:
 * always"` or class `page-break`); `align` or `style="text-align: …"` on blocks; classes `muted`, `note` and `eyebrow`
 * for quieter text. Anything else is read for its content (head, style and script are skipped).
 */

export type Align = 'left' | 'center' | 'right' | 'justify';

export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

export interface Cell {
  runs: Run[];
  header: boolean;
  align: Align;
}

export type Block =
  | { kind: 'heading'; level: number; runs: Run[]; align: Align }
  | { kind: 'para'; runs: Run[]; align: Align; tone: 'normal' | 'muted' | 'note' | 'eyebrow'; indent: number }
  | { kind: 'list-item'; marker: string; runs: Run[]; indent: number }
  | { kind: 'table'; rows: Cell[][] }
  | { kind: 'hr' }
  | { kind: 'page-break' };

const SKIPPED = new Set(['head', 'style', 'script', 'title', 'meta', 'link']);
const INLINE = new Set(['span', 'strong', 'b', 'em', 'i', 'u', 'a', 'font', 'br', 'code', 'small', 'sup', 'sub', 'abbr', 'label', 'big', 'cite', 'q', 'mark', 's']);
/** HTML's whitespace rule, except that a line break inside a text (a textarea's paragraphs) stays a line break. */
function normalizeText(text: string): string {
  const core = text.replace(/[ \t\r\f]+/g, ' ');
  const leading = /^\s*\n\s*/.exec(core)?.[0] ?? '';
  const trailing = /\s*\n\s*$/.exec(core.slice(leading.length))?.[0] ?? '';
  const middle = core.slice(leading.length, core.length - trailing.length).replace(/ ?\n ?/g, '\n');
  return (leading ? ' ' : '') + middle + (trailing ? ' ' : '');
}

const styleOf = (attrs: Record<string, string>) => (attrs.style ?? '').toLowerCase().replace(/\s+/g, '');
const classes = (attrs: Record<string, string>) => (attrs.class ?? '').toLowerCase().split(/\s+/);

function alignOf(attrs: Record<string, string>, fallback: Align): Align {
  const value = (attrs.align ?? /text-align:(left|center|right|justify)/.exec(styleOf(attrs))?.[1] ?? '').toLowerCase();
  return value === 'left' || value === 'center' || value === 'right' || value === 'justify' ? value : fallback;
}

const breaksBefore = (attrs: Record<string, string>) => styleOf(attrs).includes('page-break-before:always') || styleOf(attrs).includes('break-before:page') || classes(attrs).includes('page-break');
const breaksAfter = (attrs: Record<string, string>) => styleOf(attrs).includes('page-break-after:always') || styleOf(attrs).includes('break-after:page');

function runsOf(nodes: readonly OutNode[], style: Omit<Run, 'text'>, out: Run[] = []): Run[] {
  for (const node of nodes) {
    if (typeof node === 'string') {
      const text = normalizeText(node);
      if (text) out.push({ ...style, text });
      continue;
    }
    if (SKIPPED.has(node.tag)) continue;
    if (node.tag === 'br') {
      out.push({ ...style, text: '\n' });
      continue;
    }
    const next = {
      bold: style.bold || node.tag === 'strong' || node.tag === 'b' || node.tag === 'th' || /font-weight:(bold|[6-9]00)/.test(styleOf(node.attrs)),
      italic: style.italic || node.tag === 'em' || node.tag === 'i' || node.tag === 'cite' || /font-style:italic/.test(styleOf(node.attrs)),
      underline: style.underline || node.tag === 'u',
    };
    runsOf(node.children, next, out);
  }
  return out;
}

/** Trims a paragraph's runs: no leading or trailing spaces, no double spaces across runs, no empty runs. */
function tidy(runs: Run[]): Run[] {
  const out: Run[] = [];
  let previous = '\n';
  for (const run of runs) {
    let text = run.text;
    if (previous.endsWith(' ') || previous.endsWith('\n')) text = text.replace(/^ +/, '');
    if (text.startsWith('\n') && out.length) out[out.length - 1].text = out[out.length - 1].text.replace(/ +$/, '');
    if (!text) continue;
    const last = out[out.length - 1];
    // Neighbouring runs of one style are one run (a value-of between literal texts), so lines break as one text.
    if (last && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline) last.text += drawable(text);
    else out.push({ ...run, text: drawable(text) });
    previous = text;
  }
  while (out.length && !out[out.length - 1].text.replace(/[ \n]+$/, '')) out.pop();
  if (out.length) out[out.length - 1].text = out[out.length - 1].text.replace(/[ \n]+$/, '');
  return out.filter((run) => run.text);
}

export const PLAIN = { bold: false, italic: false, underline: false };

function toneOf(attrs: Record<string, string>): 'normal' | 'muted' | 'note' | 'eyebrow' {
  const list = classes(attrs);
  if (list.includes('eyebrow')) return 'eyebrow';
  if (list.includes('note')) return 'note';
  if (list.includes('muted')) return 'muted';
  return 'normal';
}

function tableRows(nodes: readonly OutNode[], rows: Cell[][] = []): Cell[][] {
  for (const node of nodes) {
    if (typeof node === 'string') continue;
    if (node.tag === 'tr') {
      const cells: Cell[] = [];
      for (const cell of node.children) {
        if (typeof cell === 'string' || (cell.tag !== 'td' && cell.tag !== 'th')) continue;
        const header = cell.tag === 'th';
        cells.push({ runs: tidy(runsOf(cell.children, { ...PLAIN, bold: header })), header, align: alignOf(cell.attrs, 'left') });
      }
      if (cells.length) rows.push(cells);
    } else if (node.tag === 'thead' || node.tag === 'tbody' || node.tag === 'tfoot') tableRows(node.children, rows);
  }
  return rows;
}

/** The blocks of an XHTML fragment, in reading order. */
export function blocksOf(nodes: readonly OutNode[], context: { align: Align; indent: number; tone: 'normal' | 'muted' | 'note' | 'eyebrow' } = { align: 'left', indent: 0, tone: 'normal' }): Block[] {
  const blocks: Block[] = [];
  let inline: OutNode[] = [];
  const flush = () => {
    const runs = tidy(runsOf(inline, PLAIN));
    if (runs.length) blocks.push({ kind: 'para', runs, align: context.align, tone: context.tone, indent: context.indent });
    inline = [];
  };
  for (const node of nodes) {
    if (typeof node === 'string' || INLINE.has(node.tag)) {
      inline.push(node);
      continue;
    }
    flush();
    if (SKIPPED.has(node.tag)) continue;
    if (breaksBefore(node.attrs)) blocks.push({ kind: 'page-break' });
    const align = alignOf(node.attrs, context.align);
    const tone = toneOf(node.attrs) === 'normal' ? context.tone : toneOf(node.attrs);
    const heading = /^h([1-6])$/.exec(node.tag);
    if (heading) {
      const runs = tidy(runsOf(node.children, { ...PLAIN, bold: true }));
      if (runs.length) blocks.push({ kind: 'heading', level: Math.min(Number(heading[1]), 4), runs, align });
    } else if (node.tag === 'p' || node.tag === 'dt' || node.tag === 'pre' || node.tag === 'address') {
      const runs = tidy(runsOf(node.children, { ...PLAIN, bold: node.tag === 'dt' }));
      if (runs.length) blocks.push({ kind: 'para', runs, align, tone, indent: context.indent });
    } else if (node.tag === 'dd' || node.tag === 'blockquote') {
      blocks.push(...blocksOf(node.children, { align, tone, indent: context.indent + 18 }));
    } else if (node.tag === 'table') {
      const rows = tableRows(node.children);
      if (rows.length) blocks.push({ kind: 'table', rows });
    } else if (node.tag === 'ul' || node.tag === 'ol') {
      let number = Number(node.attrs.start ?? 1) || 1;
      for (const item of node.children) {
        if (typeof item === 'string' || item.tag !== 'li') continue;
        const marker = node.tag === 'ol' ? `${number++}.` : '•';
        const own = item.children.filter((child) => typeof child === 'string' || INLINE.has(child.tag) || child.tag === 'p');
        const nested = item.children.filter((child) => typeof child !== 'string' && (child.tag === 'ul' || child.tag === 'ol'));
        blocks.push({ kind: 'list-item', marker, runs: tidy(runsOf(own, PLAIN)), indent: context.indent });
        blocks.push(...blocksOf(nested, { align, tone, indent: context.indent + 18 }));
      }
    } else if (node.tag === 'hr') {
      blocks.push({ kind: 'hr' });
    } else {
      blocks.push(...blocksOf(node.children, { align, tone, indent: context.indent }));
    }
    if (breaksAfter(node.attrs)) blocks.push({ kind: 'page-break' });
  }
  flush();
  return blocks;
}

/** The plain text of some output (for one-line header and footer lines). */
export function lineTexts(nodes: readonly OutNode[]): string[] {
  return blocksOf(nodes).flatMap((block) => {
    if (block.kind === 'heading' || block.kind === 'para' || block.kind === 'list-item') return [block.runs.map((run) => run.text).join('').replace(/\n/g, ' ')];
    if (block.kind === 'table') return block.rows.map((row) => row.map((cell) => cell.runs.map((run) => run.text).join('')).join('   '));
    return [];
  });
}
