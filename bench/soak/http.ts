import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One call's answer: status 0 when no answer came (the connection failed or the call timed out), with why. */
export interface Answer {
  status: number;
  text: string;
  ms: number;
  error?: string;
}

export interface CallOptions {
  token?: string | null;
  /** A JSON body, sent as application/json. */
  json?: unknown;
  /** A ready body with its content type (a form, a multipart upload). */
  body?: { payload: Buffer | string; contentType: string };
}

/** A call with no answer for this long counts as failed (a person would have given up long before). */
const CALL_TIMEOUT_MS = 60_000;

/**
 * One simulated browser's connection to the server: at most six connections kept alive, as a browser keeps per
 * site, from a loopback address of its own when `localAddress` is given (the accounts' set-up), else from 127.0.0.1.
 */
export class BrowserConnection {
  private readonly agent: http.Agent;

  constructor(
    private readonly baseUrl: URL,
    private readonly localAddress?: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6, localAddress });
  }

  request(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const payload = options.json !== undefined ? JSON.stringify(options.json) : options.body?.payload;
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    else if (options.body) headers['content-type'] = options.body.contentType;
    if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
    const start = performance.now();
    return new Promise((resolve) => {
      const failed = (error: Error) => resolve({ status: 0, text: '', ms: performance.now() - start, error: error.message });
      const request = http.request(
        { host: this.baseUrl.hostname, port: this.baseUrl.port, path, method, headers, agent: this.agent, timeout: CALL_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString(), ms: performance.now() - start }));
          response.on('error', failed);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${CALL_TIMEOUT_MS / 1000} s`)));
      request.on('error', failed);
      request.end(payload);
    });
  }

  /**
   * The live notices stream (GET /api/live/events) as the signed-in client holds it open: read as it arrives, its
   * notices counted. Answers how to close it; `onEnd` hears a stream that ended without being closed.
   */
  openStream(path: string, token: string, onEvent: (block: string) => void, onEnd: (reason: string) => void): () => void {
    let closed = false;
    const request = http.get(
      { host: this.baseUrl.hostname, port: this.baseUrl.port, path, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          if (!closed) onEnd(`answered ${response.statusCode}`);
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            onEvent(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        });
        response.on('end', () => void (closed || onEnd('ended by the server')));
        response.on('error', () => undefined);
      },
    );
    request.on('error', (error) => void (closed || onEnd(error.message)));
    return () => {
      closed = true;
      request.destroy();
    };
  }

  close(): void {
    this.agent.destroy();
  }
}
