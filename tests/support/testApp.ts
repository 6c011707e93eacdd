import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely, Migration } from 'kysely';
import { buildApp } from '../../server/app.js';
import type { ResourceDeclaration } from '../../resources/declaration.js';
import { readConfig, type Config } from '../../server/config.js';
import { LocalFileStorage, type FileStorage } from '../../server/files/storage.js';
import { DEMO_PASSWORD } from '../../server/db/seed/index.js';
import { createTestDatabase, type TestDatabase } from './testDatabase.js';
import { TEST_VAULT } from './testVault.js';
import { checkAnswersOf } from './answerCheck.js';
import { TEST_FILE_STORE, testFileStore, viewOf, type FileStoreKind, type TestFileStore } from './testFiles.js';

/** A clock the tests can move forward (idle timeouts, password expiry, lockouts). */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  reset() {
    this.offsetMs = 0;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: TestClock;
  dataDir: string;
  /** The app's file store as the test sees it, the same on disk and on S3 (tests/support/testFiles.ts). */
  files: TestFileStore;
  /** Signs in through POST /oauth/token and answers the bearer token. */
  signIn(userName: string, password?: string): Promise<string>;
  /** The id of a lookup item of the demo seed, by list table name and Short; throws when there is none. */
  lookup(list: string, short: string): number;
  /** A request with the token (if any) as bearer. */
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Declared resources beyond the product's, and the migrations of their tables (run before the app starts). */
  resources?: readonly ResourceDeclaration[];
  migrations?: readonly Migration[];
  /** A built client to serve (index.html and assets/), as `npm start` serves dist/. */
  clientDir?: string;
  /** Configuration beyond the tests' own (TRUST_PROXY, say). */
  config?: Partial<Config>;
  /** The file store (an S3 one, say); the tier's by default. */
  storage?: FileStorage;
  /** The tier's store kind made for this app (TEST_FILE_STORE by default): `disk` for a test of the local store itself. */
  files?: FileStoreKind;
}

/** Builds the real app on a fresh demo database for one test file. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  for (const migration of options.migrations ?? []) await migration.up(database.db as unknown as Kysely<unknown>);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-data-'));
  const clock = new TestClock();
  const config = { ...readConfig({}), dataDir, publicUrl: 'http://dossier.test', ...options.config };
  const given = options.storage;
  const files = given
    ? viewOf(given instanceof LocalFileStorage ? 'disk' : 's3', given, () => Promise.reject(new Error('What a store the test gave holds is the test\'s to read')))
    : testFileStore(options.files ?? TEST_FILE_STORE, dataDir);
  const app = await buildApp({ db: database.db, config, vault: TEST_VAULT, services: { now: clock.now, storage: files.storage }, resources: options.resources, clientDir: options.clientDir });
  // Every answer, through call(), signIn() or app.inject(), is checked against the route's OpenAPI description.
  checkAnswersOf(app);
  await app.ready();
  const seededLookups = new Map(
    (await database.db.selectFrom('type_items').select(['Id', 'TableName', 'Short']).execute()).map((i) => [`${i.TableName}/${i.Short}`, i.Id]),
  );
  let signIns = 0;
  const signInAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const call = (token: string | null, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers } });
  return {
    app,
    database,
    clock,
    dataDir,
    files,
    call,
    lookup(list, short) {
      const id = seededLookups.get(`${list}/${short}`);
      if (id === undefined) throw new Error(`No ${list} item ${short} in the demo seed`);
      return id;
    },
    async signIn(userName, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        // Sign-in here is test setup, not the subject: a client address of its own keeps it clear of the
        // per-address rate limit that the tests of anonymous endpoints exercise from 127.0.0.1.
        remoteAddress: signInAddress(signIns++),
        payload: new URLSearchParams({ username: userName, password, grant_type: 'password' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      if (response.statusCode !== 200) throw new Error(`Sign-in of ${userName} failed: ${response.body}`);
      return response.json().access_token as string;
    },
    async close() {
      await app.close();
      await files.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
