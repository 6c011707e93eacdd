import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.js';
import { parseFilesUrl, S3FileStorage } from '../server/files/s3Storage.js';
import { copyLocalStore, type CopyEvent } from '../server/files/copyLocalStore.js';

/**
 * `npm run files:migrate [-- --limit N]` (docs/operations.md, "Object storage"): copies the local file store
 * (DOSSIER_DATA_DIR/files) into the bucket FILES_URL names, under the same keys. A file already there with the same
 * size is skipped, so a run that stopped goes on where it left off. Credentials come from the AWS SDK's default chain
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
const usage = 'Usage: FILES_URL=s3://bucket/prefix npm run files:migrate [-- --limit N]';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function progress(event: CopyEvent) {
  const verb = event.kind === 'copied' ? 'Copied' : 'Already there:';
  console.log(`${event.done.toLocaleString('en-US')}/${event.of.toLocaleString('en-US')} ${verb} ${event.key} (${megabytes(event.bytes)})`);
}

async function main() {
  const { values } = parseArgs({ options: { limit: { type: 'string' } } });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error(usage);
  const config = readConfig();
  if (!config.filesUrl) throw new Error(`FILES_URL is not set: there is no bucket to copy into.\n${usage}`);
  const location = parseFilesUrl(config.filesUrl);
  const root = path.join(config.dataDir, 'files');
  console.log(`Copying ${root} into s3://${location.bucket}/${location.prefix}…`);
  const summary = await copyLocalStore(root, new S3FileStorage(location), { limit, progress });
  console.log(
    `Copied ${summary.copied.toLocaleString('en-US')} files (${megabytes(summary.bytes)}); ${summary.skipped.toLocaleString('en-US')} were there already` +
      (summary.left ? `; ${summary.left.toLocaleString('en-US')} left for another run.` : '. The bucket holds every file of the local store.'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
