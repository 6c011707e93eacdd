import { BatchFailure, xsltPool, type OutNode, type TransformJob, type XsltPool } from './xsltPool.js';

export type { OutElement, OutNode, TransformJob } from './xsltPool.js';

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
 * Runs a report's transforms on the process's pool of XSLT worker threads (server/roi/xsltPool.ts), so a hostile or
 * broken template (endless recursion, a huge output) costs at most `XSLT_LIMITS` and never blocks or crashes the
 * server: the report's transforms together get `timeoutMs` of a worker's time; when it runs out the worker is ended
 * (and replaced in the pool) and the report answers which template failed. One session per report.
 */
export class XsltSession {
  private spentMs = 0;
  private readonly limits: { timeoutMs: number; heapMb: number };

  constructor(
    limits: { timeoutMs: number; heapMb: number } = XSLT_LIMITS,
    private readonly pool: XsltPool = xsltPool(),
  ) {
    this.limits = { ...limits };
  }

  /** Applies the jobs in order; the first failing one throws a ReportTemplateError naming its template. */
  async run(jobs: readonly TransformJob[]): Promise<OutNode[][]> {
    if (!jobs.length) return [];
    const names = jobs.map((job) => job.name).join(', ');
    const remaining = this.limits.timeoutMs - this.spentMs;
    if (remaining <= 0) throw new ReportTemplateError(names, this.timedOut());
    let answers;
    try {
      const batch = await this.pool.run(jobs, { timeoutMs: remaining, heapMb: this.limits.heapMb });
      answers = batch.answers;
      // The worker's time is what the templates spent: the wait for a free worker is not theirs.
      this.spentMs += batch.ms;
    } catch (error) {
      if (!(error instanceof BatchFailure)) throw error;
      // The template running when the worker was ended is the one to blame; the batch's when none had begun.
      const name = error.job === null ? names : jobs[error.job].name;
      if (error.kind === 'timeout') throw new ReportTemplateError(name, this.timedOut());
      if (error.kind === 'failed') throw new ReportTemplateError(name, `the transform failed (${error.message})`);
      throw new ReportTemplateError(name, error.message);
    }
    return answers.map((answer, index) => {
      if (!answer.ok) throw new ReportTemplateError(jobs[index].name, answer.error);
      return answer.nodes;
    });
  }

  private timedOut(): string {
    return `the transform did not finish within ${Math.round(this.limits.timeoutMs / 1000)} seconds`;
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
