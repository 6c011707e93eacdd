import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { isStorageKey, type FileStorage } from './storage.js';

/** Where a FILES_URL (`s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=true`) keeps the files. */
export interface S3Location {
  bucket: string;
  /** What every object key starts with: empty, or ending in `/`. */
  prefix: string;
  /** An S3-compatible server's address (MinIO, R2…); absent for AWS itself. */
  endpoint?: string;
  region?: string;
  /** Buckets addressed as `endpoint/bucket/key` (most S3-compatible servers) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

/** Reads a FILES_URL; throws on anything but `s3://bucket[/prefix]`. */
export function parseFilesUrl(filesUrl: string): S3Location {
  let url: URL;
  try {
    url = new URL(filesUrl);
  } catch {
    throw new Error(`FILES_URL is not a URL: ${filesUrl}`);
  }
  if (url.protocol !== 's3:' || !url.hostname) throw new Error(`FILES_URL must be s3://bucket/prefix, not ${filesUrl}`);
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const forcePathStyle = url.searchParams.get('forcePathStyle');
  return {
    bucket: url.hostname,
    prefix: path ? `${path}/` : '',
    endpoint: url.searchParams.get('endpoint') || undefined,
    region: url.searchParams.get('region') || undefined,
    // An endpoint of one's own is nearly always a server that wants path-style addresses (MinIO, a test server).
    forcePathStyle: forcePathStyle === null ? Boolean(url.searchParams.get('endpoint')) : forcePathStyle === 'true' || forcePathStyle === '1',
  };
}

/** Bytes of one part of a streamed upload (S3's least but the last); at most PARTS_AT_ONCE of them are held at once. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** An S3 answer that the object is not there. */
function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

/** A missing object fails as a missing file does on disk (`code` ENOENT): callers (backups) tell it from other failures. */
function missingFile(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${key}`, { cause }), { code: 'ENOENT' });
}

/**
 * The file store in an S3 bucket (or an S3-compatible server's), under a prefix, for installations whose instances
 * share their files (docs/operations.md "Object storage"). Keys are the local store's (`area/uuid`), so a local store
 * copies in under the same keys (`npm run files:migrate`) and a backup restores into either.
 */
export class S3FileStorage implements FileStorage {
  private readonly bucket: string;
  private readonly prefix: string;
  private loaded?: Promise<{ s3: typeof import('@aws-sdk/client-s3'); Upload: typeof import('@aws-sdk/lib-storage').Upload; client: S3Client }>;

  /** `clientConfig` adds to what the location says (credentials, say); without it the SDK's default chain is used. */
  constructor(
    private readonly location: S3Location,
    private readonly clientConfig: S3ClientConfig = {},
  ) {
    this.bucket = location.bucket;
    this.prefix = location.prefix;
  }

  /**
   * The SDK and its client, loaded on first use: an installation that keeps its files on disk never loads the SDK
   * (about 100 ms and 20 MB at start).
   */
  private sdk() {
    this.loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
      s3,
      Upload: storage.Upload,
      client: new s3.S3Client({ endpoint: this.location.endpoint, region: this.location.region ?? 'us-east-1', forcePathStyle: this.location.forcePathStyle, ...this.clientConfig }),
    }));
    return this.loaded;
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key ${key}`);
    return `${this.prefix}${key}`;
  }

  async put(area: string, content: Buffer | Readable): Promise<string> {
    const key = `${area}/${randomUUID()}`;
    await this.putAt(key, content);
    return key;
  }

  async putAt(key: string, content: Buffer | Readable): Promise<void> {
    const { s3, client, Upload } = await this.sdk();
    const Key = this.objectKey(key);
    if (Buffer.isBuffer(content)) {
      await client.send(new s3.PutObjectCommand({ Bucket: this.bucket, Key, Body: content }));
      return;
    }
    // A stream goes up in parts of PART_BYTES, PARTS_AT_ONCE in flight (one PutObject when it is shorter than a part):
    // memory holds a few parts, never the file. The object takes its key whole when the upload completes: a failed
    // stream leaves nothing under the key. Its parts are aborted here rather than by lib-storage, whose failed abort
    // would hide why the upload failed; parts an abort could not remove are removeUnfinished's.
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key, Body: content },
      partSize: PART_BYTES,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      content.destroy();
      if (upload.uploadId) {
        await client.send(new s3.AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: upload.uploadId })).catch(() => undefined);
      }
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const { s3, client } = await this.sdk();
    try {
      const answer = await client.send(new s3.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      // In Node the SDK's body is a Readable (an IncomingMessage with the SDK's helpers).
      if (!(answer.Body instanceof Readable)) throw new Error(`The object ${key} has no readable body`);
      return answer.Body;
    } catch (error) {
      throw isMissing(error) ? missingFile(key, error) : error;
    }
  }

  async size(key: string): Promise<number> {
    const { s3, client } = await this.sdk();
    try {
      const answer = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      throw isMissing(error) ? missingFile(key, error) : error;
    }
  }

  async remove(key: string): Promise<void> {
    const { s3, client } = await this.sdk();
    // S3 answers a delete of a missing object as done, as the local store does.
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async list(area: string): Promise<{ key: string; stored: Date }[]> {
    const { s3, client } = await this.sdk();
    const files: { key: string; stored: Date }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new s3.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${area}/`, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (key && isStorageKey(key) && object.LastModified) files.push({ key, stored: object.LastModified });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return files;
  }

  /**
   * Aborts the multipart uploads under the prefix begun before `before` (a crash mid-upload leaves its parts, billed
   * and invisible, until aborted). A server that does not list multipart uploads (NotImplemented) keeps none this can
   * reach: it answers 0, and a bucket lifecycle rule is the way there (docs/operations.md "Object storage").
   */
  async removeUnfinished(before: Date): Promise<number> {
    const { s3, client } = await this.sdk();
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await client.send(new s3.ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.prefix || undefined, KeyMarker, UploadIdMarker }));
      } catch (error) {
        if ((error as { name?: string }).name === 'NotImplemented') return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await client.send(new s3.AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed += 1;
      }
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (KeyMarker);
    return removed;
  }
}
