import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.js';
import { migrate, openDatabase } from './db/database.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDatabase } from './db/seed/index.js';
import { buildApp } from './app.js';
import { buildClient, clientBuildIsStale } from './clientBuild.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');

/** `npm start`: build the client if needed, open and migrate the database, seed, serve. */
async function main() {
  const config = readConfig();
  if (process.argv.includes('--build-if-needed') && clientBuildIsStale(root, distDir)) {
    console.log('Building the client…');
    await buildClient(root);
  }
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') });
  await migrate(db);
  const seeded = await seedDatabase(db, { demo: config.demo, adminUser: config.adminUser, adminPassword: config.adminPassword });
  const app = await buildApp({
    db,
    config,
    clientDir: distDir,
    logger: { level: config.logLevel },
  });
  const close = async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });

  const lines = [`Dossier is running on http://localhost:${config.port}`];
  lines.push(`Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded (${path.join(config.dataDir, 'db')})`}`);
  if (seeded.demoSeeded) lines.push('Demo data was created.');
  if (config.demo) {
    lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) lines.push(`  ${user.userName.padEnd(13)} ${user.group}`);
  }
  if (seeded.adminCreated) lines.push(`Administrator ${config.adminUser} was created.`);
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
