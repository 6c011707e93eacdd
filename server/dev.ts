import path from 'node:path';
import { createServer } from 'vite';
import { readConfig } from './config.js';
import { ROOT_DIR, startDossier } from './start.js';

/** `npm run dev`: the API on API_PORT (3001) and Vite with hot reload on PORT (3000), proxying /api and /oauth. */
async function dev() {
  const apiPort = Number(process.env.API_PORT ?? 3001);
  const webPort = Number(process.env.PORT ?? 3000);
  process.env.API_PORT = String(apiPort);
  await startDossier({ ...readConfig(), port: apiPort, publicUrl: `http://localhost:${webPort}` }, { serveClient: false });
  const vite = await createServer({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'vite.config.ts'), server: { port: webPort } });
  await vite.listen();
  vite.printUrls();
}

dev().catch((error) => {
  console.error(error);
  process.exit(1);
});
