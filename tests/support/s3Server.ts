import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3FileStorage } from '../../server/files/s3Storage.js';
import { S3_TEST_CREDENTIALS } from './s3TestCredentials.js';


/**
 * s3rver in a child process, listening on a free port and printing it. The child runs with OpenSSL's legacy provider:
 * s3rver seals ListObjectsV2 continuation tokens with DES, which OpenSSL 3 offers only there (without it every
 * truncated listing answers 500).
 */
const SERVE = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIR });
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'));
// The test process gone (stdin closed), the server goes too.
process.stdin.on('end', () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
`;

/** What a test reaches a running s3rver with. */
export interface S3TestAccess {
  /** The server's address (a FILES_URL's `endpoint`). */
  endpoint: string;
  /** Credentials the server accepts, as an S3 client takes them. */
  credentials: typeof S3_TEST_CREDENTIALS;
  client: S3Client;
  /** Makes a new, empty bucket and answers its name. */
  newBucket(): Promise<string>;
  /** A file store in `bucket` under `prefix`. */
  storage(bucket: string, prefix?: string): S3FileStorage;
  /** Every object in `bucket` under `prefix`, whatever its name, by its name after the prefix, with its bytes. */
  objects(bucket: string, prefix?: string): Promise<Map<string, Buffer>>;
}

export interface S3TestServer extends S3TestAccess {
  close(): Promise<void>;
}

/** A client of the s3rver at `endpoint` (one this module started, here or in another process). */
export function s3ServerAt(endpoint: string): S3TestAccess {
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  return {
    endpoint,
    credentials: S3_TEST_CREDENTIALS,
    client,
    async newBucket() {
      const bucket = `test-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    storage: (bucket, prefix = '') =>
      new S3FileStorage({ bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true }, { credentials: S3_TEST_CREDENTIALS }),
    async objects(bucket, prefix = '') {
      const objects = new Map<string, Buffer>();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const { Key } of page.Contents ?? []) {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          objects.set(Key!.slice(prefix.length), Buffer.from(await object.Body!.transformToByteArray()));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return objects;
    },
  };
}

/** Starts a local S3-compatible server (s3rver) for a test file or a tier of them, its objects in a temporary directory. */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'dossier-s3-'));
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVE], {
    env: { ...process.env, S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'), S3RVER_DIR: directory },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver stopped before it listened (exit ${String(code)})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  const access = s3ServerAt(`http://127.0.0.1:${port}`);
  return {
    ...access,
    async close() {
      access.client.destroy();
      const exited = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
      child.stdin!.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
