import type { Config } from '../config.js';
import { parseFilesUrl, S3FileStorage } from './s3Storage.js';
import { storageIn, type FileStorage } from './storage.js';

/** The installation's file store: the bucket FILES_URL names, else `files/` in the data directory. */
export const fileStorageFor = (config: Pick<Config, 'dataDir' | 'filesUrl'>): FileStorage =>
  config.filesUrl ? new S3FileStorage(parseFilesUrl(config.filesUrl)) : storageIn(config.dataDir);
