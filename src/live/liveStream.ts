import { Limits, Live } from '../../shared/constants.js';
import { Texts } from '../../shared/texts/index.js';
import { getToken } from '../../dataProvider/session.js';
import { openEventStream } from '../../dataProvider/httpClient.js';

/**
 * The live notices stream (GET /api/live/events, text/event-stream) as the client reads it. Browsers' EventSource
 * cannot send the bearer token, so the stream is a fetch whose body is read as it arrives; the token never goes
 * into the URL. It is not an API call of httpClient.ts: its answer is never complete, and it must not count as
 * the user's activity for the session guard.
 */
export const LIVE_EVENTS_PATH = '/api/live/events';

/** A notice of a new or updated case or item that the user may see (the server decides who hears what). */
export type LiveNotice =
  | { kind: 'caseCreated' | 'caseUpdated'; caseId: number; caseNumber: string; lastName: string }
  | { kind: 'itemAdded' | 'itemUpdated'; caseId: number; caseNumber: string; lastName: string; itemId: number; displayId: number };

/** How a stream ended: the session ended (401/419, as any call would be answered), no permission, or lost. */
export type StreamEnd = { reason: 'session'; status: 401 | 419 } | { reason: 'forbidden' } | { reason: 'lost' };

const KINDS = ['caseCreated', 'caseUpdated', 'itemAdded', 'itemUpdated'];

/** A notice as received (from the server or another tab), or null when it is not one. */
export function parseNotice(value: unknown): LiveNotice | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!KINDS.includes(v.kind as string) || !Number.isInteger(v.caseId) || typeof v.caseNumber !== 'string' || typeof v.lastName !== 'string') return null;
  const item = v.kind === 'itemAdded' || v.kind === 'itemUpdated';
  if (item && (!Number.isInteger(v.itemId) || !Number.isInteger(v.displayId))) return null;
  return value as LiveNotice;
}

/** The toast's words (spec 001 §8): the item number padded to 3 digits, the case number's last 6 characters (§9). */
export function noticeText(notice: LiveNotice): string {
  const T = Texts.live;
  switch (notice.kind) {
    case 'caseCreated':
      return T.caseAdded;
    case 'caseUpdated':
      return T.caseUpdated(notice.caseNumber.slice(-Limits.CASE_NUMBER_SHOWN_CHARS), notice.lastName);
    case 'itemAdded':
      return T.itemAdded;
    case 'itemUpdated':
      return T.itemUpdated(String(notice.displayId).padStart(Limits.ITEM_NUMBER_DIGITS, '0'), notice.lastName);
  }
}

/** One server-sent event: its type and data (comments have the type 'comment'). */
interface ServerEvent {
  type: string;
  data: string;
}

/** Splits a block of the stream (the text between blank lines) into its event. */
function parseBlock(block: string): ServerEvent {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(':')) return { type: 'comment', data: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  return { type, data: data.join('\n') };
}

export interface ReadOptions {
  token: string;
  signal: AbortSignal;
  /** The server registered the stream. */
  onOpen(): void;
  onNotice(notice: LiveNotice): void;
}

/**
 * Opens the stream once and reads it until it ends: answers how. Heartbeats keep it alive; a stream silent for
 * longer than Live.STALE_MS (a proxy dropped it without a word) counts as lost.
 */
export async function readLiveStream({ token, signal, onOpen, onNotice }: ReadOptions): Promise<StreamEnd> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  let stale: ReturnType<typeof setTimeout> | undefined;
  const alive = () => {
    clearTimeout(stale);
    stale = setTimeout(abort, Live.STALE_MS);
  };
  try {
    alive();
    const response = await openEventStream(LIVE_EVENTS_PATH, token, controller.signal);
    if (response.status === 401 || response.status === 419) return { reason: 'session', status: response.status };
    if (response.status === 403) return { reason: 'forbidden' };
    if (!response.ok || !response.body) return { reason: 'lost' };
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { reason: 'lost' };
      alive();
      buffer += value;
      let end: RegExpExecArray | null;
      while ((end = /\r?\n\r?\n/.exec(buffer))) {
        const event = parseBlock(buffer.slice(0, end.index));
        buffer = buffer.slice(end.index + end[0].length);
        if (event.type === 'ready') onOpen();
        else if (event.type === 'notice') {
          const notice = parseNotice(JSON.parse(event.data));
          if (notice) onNotice(notice);
        } else if (event.type === 'end') {
          const { status } = JSON.parse(event.data) as { status: number };
          // The server is stopping (503): the stream is reopened, to this server once back or to another.
          if (status === 503) return { reason: 'lost' };
          return status === 419 ? { reason: 'session', status: 419 } : { reason: 'session', status: 401 };
        }
      }
    }
  } catch {
    // A lost connection, a stale stream, or unreadable data; the caller reconnects unless it stopped.
    return { reason: 'lost' };
  } finally {
    clearTimeout(stale);
    signal.removeEventListener('abort', abort);
    controller.abort();
  }
}

/** The wait before reconnecting after `failures` failures in a row: doubling from the minimum, with jitter. */
export function reconnectDelay(failures: number): number {
  const full = Math.min(Live.RECONNECT_MAX_MS, Live.RECONNECT_MIN_MS * 2 ** failures);
  return full / 2 + Math.random() * (full / 2);
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export interface RunOptions {
  signal: AbortSignal;
  onNotice(notice: LiveNotice): void;
  /** The session ended (401/419): the stream stops for good; the app signs out as for any call. */
  onSessionEnd(status: 401 | 419): void;
}

/**
 * Keeps the stream open while signed in, until `signal` aborts: reconnects after a lost stream with back-off
 * (each connect takes the current token and the server computes the user's scope anew), stops on a 401/419 (and
 * says so) or a 403 (the user may not see cases).
 */
export async function runLiveNotices({ signal, onNotice, onSessionEnd }: RunOptions): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    const token = getToken();
    if (!token) return;
    const opened = () => {
      failures = 0;
    };
    const end = await readLiveStream({ token, signal, onNotice, onOpen: opened });
    if (signal.aborted) return;
    if (end.reason === 'session') return onSessionEnd(end.status);
    if (end.reason === 'forbidden') return;
    await wait(reconnectDelay(failures), signal);
    failures += 1;
  }
}
