import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Keyring } from '../security/keyring.js';
import { Webhooks } from '../../shared/constants.js';
import { WEBHOOK_SIGNATURE_HEADER } from '../../shared/webhooks.js';
import { WebhookTexts } from '../../shared/texts/webhooks.js';
import { deliveryBody } from './events.js';
import { openSecret } from './secretSeal.js';
import { signatureHeader } from './signature.js';

const T = WebhookTexts.server;

export interface WebhookWorkerOptions {
  /** The clock (services.now; a test's moves forward). */
  now?: () => Date;
  /** How often it looks for due deliveries when nothing woke it. */
  pollMs?: number;
  /** How long one POST may take. */
  timeoutMs?: number;
  /** The first retry's wait (doubling each time, up to maxRetryMs). */
  firstRetryMs?: number;
  maxRetryMs?: number;
  batch?: number;
  log?: { warn(obj: object, message: string): void };
}

/** One delivery claimed for an attempt, with its event and endpoint. */
interface Claimed {
  Id: number;
  Attempts: number;
  RetryUntil: Date;
  Url: string;
  Active: boolean;
  SecretCipher: string;
  SecretKeyId: string;
  Event_Id: number;
  EventType: string;
  EventCreated: Date;
  Payload: string;
}

/** What one attempt came to. */
interface Outcome {
  ok: boolean;
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
}

/**
 * Delivers the outbox (docs/decisions.md "Webhooks"). Each pass claims due deliveries with one statement — `FOR
 * UPDATE SKIP LOCKED`, so instances sharing the database never claim the same row, and the claim pushes the row's
 * NextAttemptAt past the attempt's timeout (a lease: should this instance die mid-attempt the row is due again, so a
 * restart loses none) — taking only the oldest pending delivery of each endpoint and case (order per case). Each is
 * POSTed as JSON with its `Dossier-Signature`; a 2xx answer delivers it, anything else (an error, a timeout, another
 * status) is a failed attempt retried after 30 s, doubling up to an hour, until 24 h after the event: then failed.
 * Started by the server's start and stopped on shutdown; never inside a request.
 */
export class WebhookWorker {
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly batch: number;
  private running = false;
  private pass: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private wakeSleep: (() => void) | null = null;
  /** When this worker last removed old events (0: not yet). */
  private prunedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly keyring: Keyring,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? Webhooks.POLL_MS;
    this.timeoutMs = options.timeoutMs ?? Webhooks.TIMEOUT_MS;
    this.firstRetryMs = options.firstRetryMs ?? Webhooks.FIRST_RETRY_MS;
    this.maxRetryMs = options.maxRetryMs ?? Webhooks.MAX_RETRY_MS;
    this.batch = options.batch ?? Webhooks.BATCH;
  }

  /** Starts polling (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.pass = this.loop();
  }

  /** Stops polling and waits for the attempts in flight (each ends within the timeout). */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.pass;
    this.pass = null;
  }

  /** Looks for due deliveries now rather than at the next poll (a Redeliver). */
  wake(): void {
    this.wakeSleep?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
        if (this.now().getTime() - this.prunedAt >= Webhooks.PRUNE_EVERY_MS) {
          await this.prune();
          this.prunedAt = this.now().getTime();
        }
      } catch (error) {
        this.options.log?.warn({ err: error }, 'Webhook delivery pass failed; trying again at the next poll');
      }
      if (claimed >= this.batch || !this.running) continue;
      await new Promise<void>((resolve) => {
        this.wakeSleep = resolve;
        this.timer = setTimeout(resolve, this.pollMs);
      });
      if (this.timer) clearTimeout(this.timer);
      this.wakeSleep = null;
    }
  }

  /** One pass: claims the due deliveries and attempts each (in parallel: at most one per endpoint and case). Answers how many. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
    return claimed.length;
  }

  /**
   * Removes the events older than Webhooks.KEEP_EVENTS_MS none of whose deliveries is pending, with their deliveries
   * (the delivery log): the outbox holds what a case event said (numbers, states, names), kept no longer than its
   * delivery needs and an administrator looks back. A batch a statement; instances pruning at once each delete what
   * the other has not. Answers how many events it removed.
   */
  async prune(): Promise<number> {
    const before = new Date(this.now().getTime() - Webhooks.KEEP_EVENTS_MS);
    let removed = 0;
    for (;;) {
      const result = await sql`
        DELETE FROM webhook_events WHERE "Id" IN (
          SELECT e."Id" FROM webhook_events e
          WHERE e."CreatedDate" < ${before}
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d."Event_Id" = e."Id" AND d."Status" = 'pending')
          ORDER BY e."CreatedDate" LIMIT ${Webhooks.PRUNE_BATCH})
        RETURNING "Id"`.execute(this.db);
      const n = result.rows.length;
      removed += n;
      if (n < Webhooks.PRUNE_BATCH) return removed;
    }
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + this.timeoutMs * 2 + 5_000);
    const result = await sql<Claimed>`
      WITH due AS (
        SELECT d."Id" FROM webhook_deliveries d
        WHERE d."Status" = 'pending' AND d."NextAttemptAt" <= ${now}
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries p
            WHERE p."Status" = 'pending' AND p."Endpoint_Id" = d."Endpoint_Id" AND p."Case_Id" = d."Case_Id" AND p."Id" < d."Id")
        ORDER BY d."NextAttemptAt", d."Id"
        LIMIT ${this.batch}
        FOR UPDATE OF d SKIP LOCKED
      ), claimed AS (
        UPDATE webhook_deliveries w SET "NextAttemptAt" = ${leaseUntil}, "Attempts" = w."Attempts" + 1, "LastAttemptDate" = ${now}
        FROM due WHERE w."Id" = due."Id"
        RETURNING w."Id", w."Attempts", w."RetryUntil", w."Endpoint_Id", w."Event_Id"
      )
      SELECT c."Id", c."Attempts", c."RetryUntil", e."Url", e."Active", e."SecretCipher", e."SecretKeyId",
        c."Event_Id", v."EventType", v."CreatedDate" AS "EventCreated", v."Payload"
      FROM claimed c
      JOIN webhook_endpoints e ON e."Id" = c."Endpoint_Id"
      JOIN webhook_events v ON v."Id" = c."Event_Id"
      ORDER BY c."Id"`.execute(this.db);
    return result.rows.map((row) => ({ ...row, Id: Number(row.Id), Event_Id: Number(row.Event_Id), RetryUntil: new Date(row.RetryUntil), EventCreated: new Date(row.EventCreated) }));
  }

  private async attempt(delivery: Claimed): Promise<void> {
    const outcome = delivery.Active ? await this.post(delivery) : { ok: false, statusCode: null, responseMs: null, error: 'The webhook is inactive.' };
    const now = this.now();
    const base = { LastStatusCode: outcome.statusCode, ResponseMs: outcome.responseMs, LastError: outcome.error?.slice(0, Webhooks.MAX_ERROR_CHARS) ?? null };
    const next = new Date(now.getTime() + Math.min(this.firstRetryMs * 2 ** (delivery.Attempts - 1), this.maxRetryMs));
    const set = outcome.ok
      ? { ...base, Status: 'delivered' as const, DeliveredDate: now }
      : !delivery.Active || now >= delivery.RetryUntil
        ? { ...base, Status: 'failed' as const }
        : { ...base, NextAttemptAt: next > delivery.RetryUntil ? delivery.RetryUntil : next };
    // Only the attempt that claimed the row records it: a lease that ran out let another attempt take it over.
    await this.db.updateTable('webhook_deliveries').set(set).where('Id', '=', delivery.Id).where('Attempts', '=', delivery.Attempts).where('Status', '=', 'pending').execute();
  }

  private async post(delivery: Claimed): Promise<Outcome> {
    const body = deliveryBody({ Id: delivery.Event_Id, EventType: delivery.EventType, CreatedDate: delivery.EventCreated, Payload: delivery.Payload });
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const secret = openSecret(this.keyring, delivery);
      const response = await fetch(delivery.Url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Dossier-Webhooks/1',
          'dossier-event': delivery.EventType,
          'dossier-delivery': String(delivery.Id),
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, body, this.now()),
        },
        body,
      });
      const text = await response.text();
      if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status, responseMs: elapsed(), error: null };
      return { ok: false, statusCode: response.status, responseMs: elapsed(), error: `${T.answered(response.status)} ${text}`.trim() };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, statusCode: null, responseMs: elapsed(), error: T.timedOut(this.timeoutMs) };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { ok: false, statusCode: null, responseMs: null, error: cause?.code ?? cause?.message ?? (error as Error).message };
    }
  }
}
