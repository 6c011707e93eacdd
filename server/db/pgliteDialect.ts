import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * How the embedded database's one connection is used, for the server's metrics (server/ops/metrics.ts): whether a
 * query or transaction holds it, how many wait for it now, and how long each holder waited (the queue's delay).
 */
export class ConnectionUse {
  held = false;
  waiting = 0;
  private readonly waitObservers = new Set<(ms: number) => void>();

  /** Calls `observer` with each wait for the connection, in milliseconds; answers a function that stops it. */
  onWait(observer: (ms: number) => void): () => void {
    this.waitObservers.add(observer);
    return () => this.waitObservers.delete(observer);
  }

  waited(ms: number): void {
    for (const observer of this.waitObservers) observer(ms);
  }
}

/**
 * Kysely dialect for the embedded PGlite database. PGlite runs one query at a time on one connection, so the
 * driver hands the single connection out to one holder at a time (a transaction keeps it until commit).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly use = new ConnectionUse(),
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.use);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const kind = compiled.query.kind;
    const writes = kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode';
    return {
      rows: result.rows,
      numAffectedRows: writes && result.affectedRows !== undefined ? BigInt(result.affectedRows) : undefined,
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not available on the embedded database.');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  private readonly connection: PGliteConnection;

  constructor(
    private readonly pglite: PGlite,
    private readonly use: ConnectionUse,
  ) {
    this.connection = new PGliteConnection(pglite);
  }
  async init() {
    await this.pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    const asked = performance.now();
    this.use.waiting += 1;
    try {
      await previous;
    } finally {
      this.use.waiting -= 1;
    }
    this.use.held = true;
    this.use.waited(performance.now() - asked);
    this.release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {
    const release = this.release;
    this.release = null;
    this.use.held = false;
    release?.();
  }
  async destroy() {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}
