import readBatchSchema from '../schemas/readBatch.json' with { type: 'json' };
import { Timing } from '../shared/constants.js';

/** The most reads one batch carries (the body's schema says so); more wait for the next batch of the same window. */
const MAX_READS = readBatchSchema.properties.Paths.maxItems;

/** One read of a batch as the server answered it (schemas/readBatchAnswer.json). */
export interface BatchedAnswer {
  Status: number;
  Body: unknown;
}

/** How the batcher reaches the server: one read alone, several as one POST /api/reads, a failed read as an error. */
export interface ReadTransport {
  one(path: string, signal?: AbortSignal): Promise<unknown>;
  many(paths: string[]): Promise<BatchedAnswer[]>;
  failure(status: number, body: unknown): Error;
}

interface Pending {
  path: string;
  signal?: AbortSignal;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const aborted = () => new DOMException('The read was cancelled.', 'AbortError');

/**
 * Batches the reads of pages that open in one round of requests (issue 25): while such a page is shown, the GETs
 * its parts ask for within `Timing.READ_BATCH_WINDOW_MS` of each other go out together as one POST /api/reads, and
 * each caller gets its own answer or failure exactly as its own GET would have given it. A read asked alone in its
 * window goes out as its GET. Other screens read as before.
 */
export function readBatcher(transport: ReadTransport) {
  let pages = 0;
  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  function settle(batch: Pending[], answers: BatchedAnswer[] | null, error: unknown) {
    batch.forEach((pending, index) => {
      if (pending.signal?.aborted) return pending.reject(aborted());
      const answer = answers?.[index];
      if (!answer) return pending.reject(error ?? transport.failure(500, undefined));
      if (answer.Status >= 200 && answer.Status < 300) pending.resolve(answer.Body ?? undefined);
      else pending.reject(transport.failure(answer.Status, answer.Body));
    });
  }

  function flush() {
    timer = null;
    const waiting = queue.filter((pending) => !pending.signal?.aborted);
    queue = [];
    if (waiting.length === 1) {
      const [only] = waiting;
      transport.one(only.path, only.signal).then(only.resolve, only.reject);
      return;
    }
    for (let start = 0; start < waiting.length; start += MAX_READS) {
      const batch = waiting.slice(start, start + MAX_READS);
      transport.many(batch.map((pending) => pending.path)).then(
        (answers) => settle(batch, answers, null),
        (error: unknown) => settle(batch, null, error),
      );
    }
  }

  return {
    /** Whether a read of this path is batched now: a page that batches is shown. */
    batching: () => pages > 0,
    /** A page that batches its reads is shown; the function it answers says it is gone. */
    pageShown(): () => void {
      pages += 1;
      return () => {
        pages -= 1;
      };
    },
    /** Reads a path (with its query) in the current window's batch; answers its JSON body or fails as its GET would. */
    read(path: string, signal?: AbortSignal): Promise<unknown> {
      if (signal?.aborted) return Promise.reject(aborted());
      return new Promise((resolve, reject) => {
        const pending: Pending = { path, signal, resolve, reject };
        signal?.addEventListener('abort', () => reject(aborted()), { once: true });
        queue.push(pending);
        timer ??= setTimeout(flush, Timing.READ_BATCH_WINDOW_MS);
      });
    },
  };
}
