import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { ResourceDeclaration } from '../resources/declaration.js';
import type { Config } from './config.js';
import { migrate, openDatabase, type Database } from './db/database.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDatabase } from './db/seed/index.js';
import { seedDemoFiles, seedDemoItemAttachments, seedDemoPapers } from './db/seed/demoFiles.js';
import { buildApp } from './app.js';
import { loadKeyring } from './security/keyring.js';
import { SsnVault } from './security/ssnVault.js';
import { ROOT_DIR } from './packageRoot.js';
import { stopOnSignals } from './shutdown.js';
import { removeStrayFiles, SHARED_STORE_GRACE_MS } from './files/strayFiles.js';
import { holdDataDir } from './backup/dataDirLock.js';
import { servedBackups } from './backup/backUp.js';
import { serverLogger } from './ops/requestLog.js';

export { ROOT_DIR };
export const DIST_DIR = path.join(ROOT_DIR, 'dist');

export interface StartOptions {
  serveClient: boolean;
  /** The built client to serve (default dist/). */
  clientDir?: string;
  /**
   * Declared resources beyond the product's (see buildApp), and the migrations of their tables, run after the
   * product's on each start (so on a fresh database: the declared-resource browser test uses them).
   */
  resources?: readonly ResourceDeclaration[];
  migrations?: readonly Migration[];
}

/** Opens and migrates the database, seeds it, builds the app and listens. Prints what a new user needs. */
export async function startDossier(config: Config, options: StartOptions): Promise<{ app: FastifyInstance; db: Database }> {
  const vault = new SsnVault(await loadKeyring(config, (file) => console.log(`Generated the secret key that seals SSNs: ${file} (owner-only). Back it up with the database: without it the stored SSNs cannot be read.`)));
  // The embedded database is opened by one process at a time: the server takes its data directory first (a backup or
  // a restore running there stops it here), and answers `npm run backup` through it (server/backup/dataDirLock.ts).
  const dataDirHold = config.databaseUrl ? null : await holdDataDir(config.dataDir);
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') });
  await migrate(db, vault);
  for (const migration of options.migrations ?? []) await migration.up(db as unknown as Kysely<unknown>);
  const seeded = await seedDatabase(db, { demo: config.demo, adminUser: config.adminUser, adminPassword: config.adminPassword, vault });
  const app = await buildApp({
    db,
    config,
    vault,
    clientDir: options.serveClient ? (options.clientDir ?? DIST_DIR) : undefined,
    logger: serverLogger(config.logLevel),
    resources: options.resources,
  });
  // What a crash left in the file store: everything unheld on the embedded database (one server has it); on
  // PostgreSQL only what is older than an hour, as another instance may be storing an upload right now.
  const strayBefore = config.databaseUrl ? new Date(Date.now() - SHARED_STORE_GRACE_MS) : new Date();
  const stray = await removeStrayFiles(db, app.services.storage, strayBefore);
  if (stray) app.log.warn({ files: stray }, 'Removed files that an interrupted upload left behind');
  if (seeded.demoSeeded) {
    await seedDemoFiles(db, app.services.storage);
    await seedDemoPapers(db, app.services.storage);
    await seedDemoItemAttachments(db, app.services.storage);
  }
  dataDirHold?.serve(servedBackups({ db, storage: app.services.storage, keyring: vault.keyring, log: app.log }));
  stopOnSignals(app, db);
  await app.listen({ port: config.port, host: config.host });
  // Webhook deliveries run beside the requests, never inside one (stopped by stopServer).
  app.services.webhooks.start();

  const lines = [`Dossier is running on http://localhost:${config.port}`];
  lines.push(`Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${path.join(config.dataDir, 'db')})`}`);
  if (seeded.demoSeeded) lines.push('Demo data was created.');
  if (config.demo) {
    lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) lines.push(`  ${user.userName.padEnd(13)} ${user.group}`);
  }
  if (seeded.adminCreated) lines.push(`Administrator ${config.adminUser} was created.`);
  console.log(lines.join('\n'));
  return { app, db };
}
