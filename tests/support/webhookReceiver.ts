import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../server/webhooks/signature.js';

/** One delivery as the receiver got it. */
export interface Received {
  body: string;
  json: { id: number; type: string; created: string; data: Record<string, unknown> };
  signature: string | undefined;
  /** Whether the `Dossier-Signature` verified under the receiver's secret, within the replay window. */
  verified: boolean;
  event: string | undefined;
}

/**
 * What the receiver does with the next requests: answer 204 (`ok`), answer 500 (`fail`), drop the connection
 * (`reset`, a receiver that is down), or answer 204 after `slowMs` (`slow`).
 */
export type ReceiverMode = 'ok' | 'fail' | 'reset' | 'slow';

export interface Receiver {
  url: string;
  received: Received[];
  /** Requests of any outcome, so a test can tell an attempt was made. */
  hits: number;
  mode: ReceiverMode;
  slowMs: number;
  /** Waits until `n` deliveries were answered 2xx (throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A local webhook receiver (node:http on port 0) that verifies each delivery's signature and records its body. */
export async function startReceiver(secret: string): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    hits: 0,
    mode: 'ok',
    slowMs: 1000,
    async waitFor(n, ms = 5000) {
      const until = Date.now() + ms;
      while (receiver.received.length < n) {
        if (Date.now() > until) throw new Error(`The receiver got ${receiver.received.length} deliveries, not ${n}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return receiver.received;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    receiver.hits += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const mode = receiver.mode;
      if (mode === 'reset') {
        request.socket.destroy();
        return;
      }
      if (mode === 'fail') {
        response.writeHead(500).end('receiver failing');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = request.headers['dossier-signature'] as string | undefined;
      const record = () => {
        if (response.destroyed || request.socket.destroyed) return;
        receiver.received.push({ body, json: JSON.parse(body), signature, verified: verifySignature(secret, body, signature, new Date()), event: request.headers['dossier-event'] as string | undefined });
        response.writeHead(204).end();
      };
      if (mode === 'slow') setTimeout(record, receiver.slowMs);
      else record();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
