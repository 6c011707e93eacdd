import { readConfig } from '../../../server/config.js';
import { startDossier } from '../../../server/start.js';
import { CLIENT_DIR } from './paths.js';
import { vehicleMakes, vehicleMakesMigration } from './vehicleMakes.js';

/**
 * `npm start` with the example vehicle makes plugged in, for the declared-resource browser test: the same start
 * (the database under DOSSIER_DATA_DIR, migrated and seeded with the demo firm, "Dossier is running …"), plus the
 * vehicle makes' migration and declaration, serving the client built by ./vite.config.ts (in
 * DOSSIER_TEST_CLIENT_DIR, else test-results/declared-resource-client). By hand: `npx vite build --config
 * tests/support/declaredResource/vite.config.ts`, then `node --import tsx tests/support/declaredResource/serve.ts`.
 */
const clientDir = process.env.DOSSIER_TEST_CLIENT_DIR || CLIENT_DIR;

startDossier(readConfig(), { serveClient: true, clientDir, resources: [vehicleMakes], migrations: [vehicleMakesMigration] }).catch((error) => {
  console.error(error);
  process.exit(1);
});
