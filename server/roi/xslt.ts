import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/** A node of a transform's output: text, or an element with its attributes (names in lower case) and children. */
export type OutNode = string | OutElement;
export interface OutElement {
  tag: string;
  attrs: Record<string, string>;
  children: OutNode[];
}

/** One XSLT 1.0 transform: `name` says which template it is in error messages. */
export interface TransformJob {
  name: string;
  xslt: string;
  xml: string;
}

/** A report template that could not be applied: which one and why (answered to the caller, never a crash). */
export class ReportTemplateError extends Error {
  constructor(
    readonly template: string,
    reason: string,
  ) {
    super(`${template}: ${reason}`);
  }
}

/** Limits of one report's transforms: wall time for all of them together, and the worker's heap (tests lower them). */
export const XSLT_LIMITS: { timeoutMs: number; heapMb: number } = { timeoutMs: 15_000, heapMb: 256 };

/**
 * The worker's code (CommonJS, run with `eval`): xslt-processor (pure TypeScript, XSLT 1.0) applies each job and
 * answers the output document as plain nodes. External stylesheets (`xsl:include`, `xsl:import`) and `document()`
 * load nothing: a template sees only the document it is given.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Xslt, XmlParser } = require(workerData.xsltModule);
function toNodes(node) {
  const out = [];
  for (const child of node.childNodes || []) {
    if (child.nodeType === 3 || child.nodeType === 4) { if (child.nodeValue) out.push(String(child.nodeValue)); continue; }
    if (child.nodeType === 11 || child.nodeType === 9) { out.push(...toNodes(child)); continue; }
    if (child.nodeType !== 1) continue;
    const attrs = {};
    for (const a of child.childNodes || []) if (a.nodeType === 2) attrs[String(a.localName || a.nodeName).toLowerCase()] = String(a.nodeValue ?? '');
    out.push({ tag: String(child.localName || child.nodeName).toLowerCase(), attrs, children: toNodes(child) });
  }
  return out;
}
parentPort.on('message', async (jobs) => {
  const results = [];
  for (const job of jobs) {
    try {
      const parser = new XmlParser();
      const input = parser.xmlParse(job.xml);
      const sheet = parser.xmlParse(job.xslt);
      const xslt = new Xslt({
        fetchFunction: async () => { throw new Error('xsl:include and xsl:import are not supported in report templates'); },
        documentLoader: () => null,
      });
      const output = await xslt.xsltProcessToDocument(input, sheet);
      results.push({ ok: true, nodes: toNodes(output) });
    } catch (error) {
      results.push({ ok: false, error: String((error && error.message) || error) });
    }
  }
  parentPort.postMessage(results);
});
`;

type WorkerAnswer = { ok: true; nodes: OutNode[] } | { ok: false; error: string };

/**
 * Runs a report's transforms in a worker thread, so a hostile or broken template (endless recursion, a huge output)
 * costs at most `XSLT_LIMITS` and never blocks or crashes the server: when the time runs out the worker is ended and
 * the report answers which template failed. One session per report; `close` ends its worker.
 */
export class XsltSession {
  private readonly worker: Worker;
  private readonly deadline: number;
  private failure: Error | null = null;

  constructor(private readonly limits: { timeoutMs: number; heapMb: number } = { ...XSLT_LIMITS }) {
    const xsltModule = createRequire(import.meta.url).resolve('xslt-processor');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { xsltModule },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
      stderr: true,
      stdout: true,
    });
    this.worker.unref();
    this.deadline = Date.now() + limits.timeoutMs;
    this.worker.on('error', (error) => {
      this.failure = error;
    });
  }

  /** Applies the jobs in order; the first failing one throws a ReportTemplateError naming its template. */
  async run(jobs: readonly TransformJob[]): Promise<OutNode[][]> {
    if (!jobs.length) return [];
    const answers = await new Promise<WorkerAnswer[]>((resolve, reject) => {
      const remaining = this.deadline - Date.now();
      const names = jobs.map((job) => job.name).join(', ');
      const settle = (error: Error | null, value?: WorkerAnswer[]) => {
        clearTimeout(timer);
        this.worker.off('message', onMessage);
        this.worker.off('error', onError);
        this.worker.off('exit', onExit);
        if (error) reject(error);
        else resolve(value ?? []);
      };
      const onMessage = (value: WorkerAnswer[]) => settle(null, value);
      const onError = (error: Error) => settle(new ReportTemplateError(names, `the transform failed (${error.message})`));
      const onExit = () => settle(new ReportTemplateError(names, 'the transform stopped'));
      const timer = setTimeout(() => {
        settle(new ReportTemplateError(names, `the transform did not finish within ${Math.round(this.limits.timeoutMs / 1000)} seconds`));
        void this.worker.terminate();
      }, Math.max(remaining, 0));
      if (this.failure) return settle(new ReportTemplateError(names, `the transform failed (${this.failure.message})`));
      this.worker.on('message', onMessage);
      this.worker.on('error', onError);
      this.worker.on('exit', onExit);
      this.worker.postMessage(jobs);
    });
    return answers.map((answer, index) => {
      if (!answer.ok) throw new ReportTemplateError(jobs[index].name, answer.error);
      return answer.nodes;
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

/** Output nodes as well-formed XML text (to place one transform's output inside another's input). */
export function serializeNodes(nodes: readonly OutNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeText(node);
      if (!NAME.test(node.tag)) return serializeNodes(node.children);
      const attrs = Object.entries(node.attrs)
        .filter(([name]) => NAME.test(name))
        .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
        .join('');
      return `<${node.tag}${attrs}>${serializeNodes(node.children)}</${node.tag}>`;
    })
    .join('');
}
