import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { STYLESHEET_CACHE_ENTRIES, XSLT_WORKER_SOURCE } from './xsltWorkerSource.js';

/** One XSLT 1.0 transform: `name` says which template it is in error messages. */
export interface TransformJob {
  name: string;
  xslt: string;
  xml: string;
}

/** A node of a transform's output: text, or an element with its attributes (names in lower case) and children. */
export type OutNode = string | OutElement;
export interface OutElement {
  tag: string;
  attrs: Record<string, string>;
  children: OutNode[];
}

export type JobAnswer = { ok: true; nodes: OutNode[] } | { ok: false; error: string };

/**
 * Why a batch got no answers: its time ran out (the worker was ended), or the worker failed (its heap limit reached)
 * or stopped. `job` is the index of the job that was running then, when the worker had begun one.
 */
export class BatchFailure extends Error {
  job: number | null = null;

  constructor(
    readonly kind: 'timeout' | 'failed' | 'stopped',
    message: string,
  ) {
    super(message);
  }
}

/**
 * XSLT worker threads of this process: DOSSIER_XSLT_WORKERS, by default two or the number of CPUs when fewer.
 * A report takes one for each batch of its transforms, so this is also how many reports transform at once.
 */
export function xsltPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.DOSSIER_XSLT_WORKERS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, Math.min(2, availableParallelism()));
}

interface PooledWorker {
  worker: Worker;
  heapMb: number;
  /** The batch it runs now: its answer, or its end. */
  current: { id: number; running: number | null; done: (error: BatchFailure | null, answers?: JobAnswer[]) => void } | null;
  dead: boolean;
}

/**
 * A pool of XSLT worker threads kept warm between reports (docs/decisions.md "The report's XSLT worker pool").
 * A batch runs on one idle worker; when its time runs out that worker is ended and another started in its place, and a
 * worker that fails (its heap limit reached) or stops is replaced likewise, so one hostile template costs one worker
 * and never another report's transforms. Idle workers do not keep the process alive; `close` ends them all.
 */
export class XsltPool {
  private readonly workers = new Set<PooledWorker>();
  private readonly idle: PooledWorker[] = [];
  private readonly waiting: { take: (worker: PooledWorker) => void; refuse: (error: BatchFailure) => void }[] = [];
  private readonly xsltModule = createRequire(import.meta.url).resolve('xslt-processor');
  private nextId = 1;
  private closed = false;
  /** Worker threads started since the pool was made (the tests see the pool reused through it). */
  created = 0;

  constructor(readonly size: number = xsltPoolSize()) {}

  /** The thread ids of the pool's live workers. */
  threadIds(): number[] {
    return [...this.workers].map((pooled) => pooled.worker.threadId);
  }

  /**
   * Runs the jobs in order on one worker, within `timeoutMs` from when a worker takes them, with a heap of `heapMb`;
   * answers each job's outcome and the worker's time they took, or throws a BatchFailure (the worker ended and
   * replaced).
   */
  async run(jobs: readonly TransformJob[], limits: { timeoutMs: number; heapMb: number }): Promise<{ answers: JobAnswer[]; ms: number }> {
    if (this.closed) throw new BatchFailure('stopped', 'the report transforms are stopping');
    const pooled = await this.acquire(limits.heapMb);
    const started = Date.now();
    return new Promise<{ answers: JobAnswer[]; ms: number }>((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.retire(pooled, new BatchFailure('timeout', 'timeout'));
      }, Math.max(limits.timeoutMs, 0));
      pooled.current = {
        id,
        running: null,
        done: (error, answers) => {
          clearTimeout(timer);
          pooled.current = null;
          if (error) reject(error);
          else {
            this.release(pooled);
            resolve({ answers: answers ?? [], ms: Date.now() - started });
          }
        },
      };
      pooled.worker.ref();
      pooled.worker.postMessage({ id, jobs });
    });
  }

  /** Ends every worker; batches running are answered 'stopped'. The pool takes no more work. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.refuse(new BatchFailure('stopped', 'the report transforms are stopping'));
    const all = [...this.workers];
    for (const pooled of all) this.retire(pooled, new BatchFailure('stopped', 'the report transforms are stopping'), false);
    await Promise.all(all.map((pooled) => pooled.worker.terminate()));
  }

  private async acquire(heapMb: number): Promise<PooledWorker> {
    let pooled =
      this.idle.pop() ??
      (this.workers.size < this.size ? this.start(heapMb) : await new Promise<PooledWorker>((take, refuse) => this.waiting.push({ take, refuse })));
    // The heap limit is fixed when a worker starts: one started under another limit makes way for a new one.
    if (pooled.heapMb !== heapMb) {
      this.retire(pooled, null, false);
      pooled = this.start(heapMb);
    }
    return pooled;
  }

  private release(pooled: PooledWorker): void {
    if (pooled.dead) return;
    const next = this.waiting.shift();
    if (next) return next.take(pooled);
    pooled.worker.unref();
    this.idle.push(pooled);
  }

  private start(heapMb: number): PooledWorker {
    const worker = new Worker(XSLT_WORKER_SOURCE, {
      eval: true,
      workerData: { xsltModule: this.xsltModule, cacheEntries: STYLESHEET_CACHE_ENTRIES },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
      // What a template or the library prints is read and dropped: it is neither the server's output nor kept.
      stderr: true,
      stdout: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.unref();
    this.created += 1;
    const pooled: PooledWorker = { worker, heapMb, current: null, dead: false };
    this.workers.add(pooled);
    worker.on('message', (message: { id: number; running?: number; results?: JobAnswer[] }) => {
      const current = pooled.current;
      if (current?.id !== message.id) return;
      if (message.results) current.done(null, message.results);
      else current.running = message.running ?? null;
    });
    worker.on('error', (error) => this.retire(pooled, new BatchFailure('failed', error.message)));
    worker.on('exit', () => this.retire(pooled, new BatchFailure('stopped', 'the transform stopped')));
    return pooled;
  }

  /**
   * Takes a worker out of the pool and ends it, failing its batch with `failure`; while the pool is open, a worker
   * waiting reports need is started in its place (`replace`).
   */
  private retire(pooled: PooledWorker, failure: BatchFailure | null, replace = true): void {
    if (pooled.dead) return;
    pooled.dead = true;
    this.workers.delete(pooled);
    const index = this.idle.indexOf(pooled);
    if (index >= 0) this.idle.splice(index, 1);
    void pooled.worker.terminate();
    if (pooled.current) {
      const error = failure ?? new BatchFailure('stopped', 'the transform stopped');
      error.job = pooled.current.running;
      pooled.current.done(error);
    }
    if (replace && !this.closed) {
      const next = this.waiting.shift();
      if (next) next.take(this.start(pooled.heapMb));
      else if (this.workers.size < this.size) this.idle.push(this.start(pooled.heapMb));
    }
  }
}

let shared: XsltPool | null = null;

/** This process's pool, made on first use. */
export function xsltPool(): XsltPool {
  shared ??= new XsltPool();
  return shared;
}

/** Ends this process's pool (the app closing); a later report makes a new one. */
export async function closeXsltPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
