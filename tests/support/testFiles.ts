import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { storageIn, type FileStorage } from '../../server/files/storage.js';
import { parseFilesUrl, S3FileStorage } from '../../server/files/s3Storage.js';
import type { S3TestAccess } from './s3Server.js';
import { S3_TEST_CREDENTIALS } from './s3TestCredentials.js';

/** The two file stores an installation keeps its files in: `files/` in its data directory, or an S3 bucket (FILES_URL). */
export type FileStoreKind = 'disk' | 's3';

/**
 * The store the API tests' apps keep their files in. Each store runs once in CI: the local disk on the embedded
 * database, S3 on PostgreSQL (as several instances run: one PostgreSQL and one bucket). DOSSIER_TEST_FILES=disk|s3
 * runs a tier on the other store.
 */
export function fileStoreOfTier(env: Record<string, string | undefined>): FileStoreKind {
  const asked = env.DOSSIER_TEST_FILES;
  if (asked === 'disk' || asked === 's3') return asked;
  if (asked) throw new Error(`DOSSIER_TEST_FILES must be disk or s3, not ${asked}`);
  return env.DOSSIER_TEST_DB === 'postgres' ? 's3' : 'disk';
}

export const TEST_FILE_STORE: FileStoreKind = fileStoreOfTier(process.env);

/** The bucket of the tier's S3 server (apiGlobalSetup) that every test app keeps its files in, each under a prefix of its own. */
export const TEST_BUCKET = 'dossier-tests';

/**
 * An app's file store as a test sees it, the same on disk and on S3: what the store lists through its own interface,
 * and everything it holds, read around it (what an upload left that no key names).
 */
export interface TestFileStore {
  kind: FileStoreKind;
  /** The store the app is given. */
  storage: FileStorage;
  /** The keys of an area, sorted, as the store lists them. */
  keys(area: string): Promise<string[]>;
  /** Whether a file is stored under the key. */
  has(key: string): Promise<boolean>;
  /** A stored file's bytes as text. */
  text(key: string): Promise<string>;
  /** Every file the store holds, whatever its name, by its name in the store (its key, for a finished file). */
  everything(): Promise<Map<string, Buffer>>;
  close(): Promise<void>;
}

/** Walks a folder: every file under it by its path relative to it, `/`-separated, with its bytes. */
async function filesUnder(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file).split(path.sep).join('/'), await readFile(file));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** A test's view of `storage`; `everything` reads the store around its interface. */
export function viewOf(kind: FileStoreKind, storage: FileStorage, everything: () => Promise<Map<string, Buffer>>, close: () => Promise<void> = async () => undefined): TestFileStore {
  return {
    kind,
    storage,
    everything,
    close,
    keys: async (area) => (await storage.list(area)).map((file) => file.key).sort(),
    has: (key) =>
      storage.size(key).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      ),
    async text(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

/** The address of the tier's S3 server; throws on a tier without one. */
function tierS3Endpoint(): string {
  const endpoint = inject('s3TestEndpoint');
  if (!endpoint) throw new Error('No S3 server runs for this tier: DOSSIER_TEST_FILES=s3 starts one (tests/support/apiGlobalSetup.ts)');
  return endpoint;
}

/**
 * A store in the tier's bucket under `prefix`, and everything under that prefix read around it. The S3 SDK loads when
 * the store is first used (as in the server), so a test file that stores nothing never loads it.
 */
function tierS3Store(prefix: string): TestFileStore {
  const endpoint = tierS3Endpoint();
  const storage = new S3FileStorage({ bucket: TEST_BUCKET, prefix, endpoint, region: 'us-east-1', forcePathStyle: true }, { credentials: S3_TEST_CREDENTIALS });
  let server: Promise<S3TestAccess> | undefined;
  const access = () => (server ??= import('./s3Server.js').then(({ s3ServerAt }) => s3ServerAt(endpoint)));
  return viewOf(
    's3',
    storage,
    async () => (await access()).objects(TEST_BUCKET, prefix),
    async () => {
      if (server) (await server).client.destroy();
    },
  );
}

/** The file store of one test app: `files/` in its data directory, or a prefix of its own in the tier's bucket. */
export function testFileStore(kind: FileStoreKind, dataDir: string): TestFileStore {
  if (kind === 'disk') return viewOf(kind, storageIn(dataDir), () => filesUnder(path.join(dataDir, 'files')));
  return tierS3Store(`app-${randomUUID()}/`);
}

/**
 * What a server process (`npm start`) needs to keep its files in the tier's bucket, under a prefix of its own: its
 * FILES_URL and the server's credentials, as an operator sets them.
 */
export function s3InstallationEnv(): Record<string, string> {
  const endpoint = encodeURIComponent(tierS3Endpoint());
  return {
    FILES_URL: `s3://${TEST_BUCKET}/installation-${randomUUID()}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`,
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}

/** The file store of an installation a server process runs on (its environment): FILES_URL's bucket, or the data folder's. */
export function installationFiles(env: Record<string, string>): TestFileStore {
  if (!env.FILES_URL) return testFileStore('disk', env.DOSSIER_DATA_DIR);
  const location = parseFilesUrl(env.FILES_URL);
  if (location.bucket !== TEST_BUCKET) throw new Error(`${env.FILES_URL} is not in the tier's bucket`);
  return tierS3Store(location.prefix);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the tier's S3 server ('' when the tier keeps its files on disk). */
    s3TestEndpoint: string;
  }
}
