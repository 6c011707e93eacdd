import { readConfig } from './config.js';
import { buildClient, clientBuildIsStale } from './clientBuild.js';
import { DIST_DIR, ROOT_DIR, startDossier } from './start.js';

/** `npm start` (through scripts/start.mjs): build the client if needed, then serve API and client on one port. */
async function main() {
  const config = readConfig();
  if (config.serveClient && process.argv.includes('--build-if-needed') && clientBuildIsStale(ROOT_DIR, DIST_DIR)) {
    console.log('Building the client…');
    await buildClient(ROOT_DIR);
  }
  await startDossier(config, { serveClient: config.serveClient });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
