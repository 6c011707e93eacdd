import type { FastifyInstance } from 'fastify';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import type { Database } from '../db/database.js';
import { migrationProvider } from '../db/migrations/index.js';
import type { FileStorage } from '../files/storage.js';

/** Where the readiness probe writes its file (and removes it at once): an area no row names. */
export const READINESS_PROBE_AREA = 'readiness-probes';

/** A check that has not answered in this long has failed: a load balancer's probe must not hang on a stuck database. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/**
 * What /readyz checks: the database answers, every migration this build knows is applied, the file store takes a
 * file; and what makes it answer 503 without checking: the server is turning requests away (`load`) or stopping.
 */
export type ReadinessCheck = 'database' | 'migrations' | 'files' | 'load' | 'stopping';
export type CheckState = 'ok' | 'failed' | 'skipped';

/** The answer of /readyz (200 when `failed` is empty, else 503). Names checks only: no error text, path or version. */
export interface Readiness {
  status: 'ready' | 'not ready';
  failed: ReadinessCheck[];
  checks: Partial<Record<ReadinessCheck, CheckState>>;
}

type Outcome = { ok: true } | { ok: false; error: string };

async function outcomeOf(check: () => Promise<void>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READINESS_CHECK_TIMEOUT_MS} ms`)), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

async function databaseAnswers(db: Database): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** Every migration of this build is in the migrator's table (a newer build's further ones may be there too). */
async function migrationsApplied(db: Database): Promise<void> {
  const known = Object.keys(await migrationProvider(undefined).getMigrations());
  const applied = await sql<{ name: string }>`SELECT name FROM ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  const missing = known.filter((name) => !names.has(name));
  if (missing.length) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

/** Writes a file through the store and removes it: what an upload needs of the store, on disk or S3 alike. */
async function fileStoreWritable(storage: FileStorage): Promise<void> {
  const key = await storage.put(READINESS_PROBE_AREA, Buffer.from('ready'));
  await storage.remove(key);
}

/**
 * The readiness of one app: whether it is stopping (set by server/shutdown.ts), and its checks, run once for probes
 * that arrive together. A change of outcome is logged once with its cause (a load balancer probes every few seconds:
 * one line per probe would bury the log).
 */
export class ReadinessState {
  private stoppingSince: number | null = null;
  private running: Promise<Readiness> | null = null;
  private lastFailed = '';

  constructor(
    private readonly app: FastifyInstance,
    private readonly shedding: () => boolean,
  ) {}

  /** From now on /readyz answers 503 `stopping`: the load balancer takes the instance out while it finishes. */
  beginStopping(): void {
    this.stoppingSince ??= Date.now();
  }

  get stopping(): boolean {
    return this.stoppingSince !== null;
  }

  async check(): Promise<Readiness> {
    if (this.stopping) return notReady('stopping');
    if (this.shedding()) return notReady('load');
    this.running ??= this.runChecks().finally(() => (this.running = null));
    return this.running;
  }

  private async runChecks(): Promise<Readiness> {
    const { db, services } = this.app;
    const [database, files] = await Promise.all([outcomeOf(() => databaseAnswers(db)), outcomeOf(() => fileStoreWritable(services.storage))]);
    const migrations = database.ok ? await outcomeOf(() => migrationsApplied(db)) : null;
    const outcomes: [ReadinessCheck, Outcome | null][] = [['database', database], ['migrations', migrations], ['files', files]];
    const checks: Readiness['checks'] = {};
    const failed: ReadinessCheck[] = [];
    const errors: Partial<Record<ReadinessCheck, string>> = {};
    for (const [name, outcome] of outcomes) {
      checks[name] = outcome === null ? 'skipped' : outcome.ok ? 'ok' : 'failed';
      if (outcome && !outcome.ok) {
        failed.push(name);
        errors[name] = outcome.error;
      }
    }
    this.logChange(failed, errors);
    return { status: failed.length ? 'not ready' : 'ready', failed, checks };
  }

  private logChange(failed: ReadinessCheck[], errors: Partial<Record<ReadinessCheck, string>>): void {
    const now = failed.join(',');
    if (now === this.lastFailed) return;
    this.lastFailed = now;
    if (failed.length) this.app.log.warn({ failed, errors }, 'Not ready: a readiness check failed');
    else this.app.log.info('Ready again: every readiness check passed');
  }
}

const notReady = (check: ReadinessCheck): Readiness => ({ status: 'not ready', failed: [check], checks: { [check]: 'failed' } });
