import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { S3FileStorage } from '../../server/files/s3Storage.js';

/** s3rver's own credentials: it checks each request's signature against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

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

export interface S3TestServer {
  /** The server's address (a FILES_URL's `endpoint`). */
  endpoint: string;
  /** Credentials the server accepts, as an S3 client takes them. */
  credentials: typeof CREDENTIALS;
  client: S3Client;
  /** Makes a new, empty bucket and answers its name. */
  newBucket(): Promise<string>;
  /** A file store in `bucket` under `prefix`. */
  storage(bucket: string, prefix?: string): S3FileStorage;
  close(): Promise<void>;
}

/** Starts a local S3-compatible server (s3rver) for one test file, its objects in a temporary directory. */
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
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    credentials: CREDENTIALS,
    client,
    async newBucket() {
      const bucket = `test-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    storage: (bucket, prefix = '') =>
      new S3FileStorage({ bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true }, { credentials: CREDENTIALS }),
    async close() {
      client.destroy();
      const exited = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
      child.stdin!.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
