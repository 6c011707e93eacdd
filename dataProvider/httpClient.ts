import { HttpError } from 'react-admin';
import { Texts } from '../shared/texts/index.js';
import { getToken } from './session.js';
import { readBatcher } from './readBatch.js';
import { readOperations } from '../resources/reads.js';
import type { SchemaTypes } from '../schemas/types.js';

/** Messages by field, as the server refuses a body (and as forms show them under the fields). */
export type ModelState = Record<string, string[]>;

/** Answers of failed calls, as the server sends them. */
export interface ErrorBody {
  Message?: string;
  ModelState?: ModelState;
  error?: string;
  error_description?: string;
  ExceptionMessage?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Form fields sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Multipart body (uploads). */
  formData?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Answer as a file (Blob with the file name from Content-Disposition); `unlessJson`: a file unless the answer is JSON. */
  asFile?: boolean | 'unlessJson';
  signal?: AbortSignal;
  /** Send without the bearer token. */
  anonymous?: boolean;
}

export interface FileAnswer {
  blob: Blob;
  fileName: string | null;
}

/** Whether an answer is a file (a sign-out answers react-admin's empty stand-in instead, with nothing to save). */
export const isFileAnswer = (answer: unknown): answer is FileAnswer =>
  typeof answer === 'object' && answer !== null && typeof (answer as FileAnswer).blob === 'object' && (answer as FileAnswer).blob !== null;

/** Listeners the app registers: the session guard hears every answered call; the toast bridge hears failures. */
type Listener = () => void;
const callListeners = new Set<Listener>();
export function onServerCall(listener: Listener): () => void {
  callListeners.add(listener);
  return () => callListeners.delete(listener);
}
let noResponseHandler: ((message: string) => void) | null = null;
export function onNoResponse(handler: (message: string) => void): void {
  noResponseHandler = handler;
}

function fileNameOf(response: Response): string | null {
  const header = response.headers.get('content-disposition');
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}

/** A failed answer as the message users should read: ModelState messages, else Message, else the OAuth text. */
export function errorMessageOf(body: ErrorBody | undefined, fallback: string): string {
  if (body?.ModelState) {
    const messages = [...new Set(Object.values(body.ModelState).flat())];
    if (messages.length) return messages.join(' ');
  }
  return body?.Message ?? body?.error_description ?? fallback;
}

/** A failed answer as the error callers get: the server's message, its status and its body. */
function httpFailure(status: number, errorBody: ErrorBody | undefined): HttpError {
  const fallback = status === 403 ? Texts.global.forbidden : Texts.global.noResponse;
  return new HttpError(errorMessageOf(errorBody, fallback), status, errorBody);
}

/** The reads of pages that open in one round of requests, batched (dataProvider/readBatch.ts). */
const reads = readBatcher({
  one: (path, signal) => send(path, { signal }),
  many: async (paths) => (await send<SchemaTypes['readBatchAnswer.json']>(readOperations.batch.path, { method: 'POST', body: { Paths: paths } })).Answers,
  failure: (status, body) => httpFailure(status, body as ErrorBody | undefined),
});

/** A page whose reads go out in batches is shown (the case and item pages); the function it answers says it is gone. */
export const batchPageReads = (): (() => void) => reads.pageShown();

/**
 * The one place the client talks HTTP: adds the bearer token, encodes bodies, and turns failures into
 * react-admin HttpErrors carrying the status and the server's body (so checkError and forms can read them). A JSON
 * read of the signed-in user while a batching page is shown joins its batch and answers the same.
 */
export function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const search = new URLSearchParams(Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
  const address = search ? `${path}?${search}` : path;
  const plainRead = (options.method ?? 'GET') === 'GET' && !options.asFile && !options.anonymous;
  if (plainRead && reads.batching() && getToken() && path.startsWith('/api/')) return reads.read(address, options.signal) as Promise<T>;
  return send<T>(address, options);
}

/** Sends one request to an address (its query included) and reads its answer. */
async function send<T>(address: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(address, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    noResponseHandler?.(Texts.global.noResponse);
    throw new HttpError(Texts.global.noResponse, 0, { error_description: Texts.global.noResponse });
  }
  for (const listener of callListeners) listener();

  if (!response.ok) {
    let errorBody: ErrorBody | undefined;
    try {
      errorBody = (await response.json()) as ErrorBody;
    } catch {
      errorBody = undefined;
    }
    throw httpFailure(response.status, errorBody);
  }
  if (options.asFile === true || (options.asFile === 'unlessJson' && !response.headers.get('content-type')?.includes('application/json'))) {
    return { blob: await response.blob(), fileName: fileNameOf(response) } as T;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Opens a server-sent event stream with the bearer token (a browser's EventSource cannot send it, and a token never
 * goes in a URL): the raw response, whose body the caller reads as it arrives. Not a user's call: the session guard
 * does not count it as activity, and nothing retries it.
 */
export function openEventStream(path: string, token: string, signal: AbortSignal): Promise<Response> {
  return fetch(path, { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }, cache: 'no-store', signal });
}

/** Saves a downloaded file under its name. */
export function saveFile({ blob, fileName }: FileAnswer, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A failed call as a form shows it: the message, the status and body, and the ModelState for under the fields. */
export interface Failure {
  message: string;
  status?: number;
  body?: ErrorBody;
  modelState?: Record<string, string[]>;
}

export function failureOf(error: unknown): Failure {
  const { body, status } = (error ?? {}) as { body?: ErrorBody; status?: number };
  return { message: (error as Error)?.message || Texts.global.unexpected, status, body, modelState: body?.ModelState };
}

/** The unique messages of a ModelState, in order. */
export const uniqueMessages = (modelState: Record<string, string[]>) => [...new Set(Object.values(modelState).flat())];
