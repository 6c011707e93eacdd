import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_DIR, VITE_CONFIG } from './paths.js';
import { startServerProcess } from '../serverProcess.js';
import { productionBuild } from '../../../server/clientBuild.js';

export interface DeclaredResourceServer {
  baseUrl: string;
  /** How long the client build took, in milliseconds. */
  buildMs: number;
  close(): Promise<void>;
}

/** Builds the client with vehicle makes in its resources (./vite.config.ts) into `outDir`; answers the milliseconds. */
export async function buildClientWithVehicleMakes(outDir = CLIENT_DIR): Promise<number> {
  const started = performance.now();
  await productionBuild({ configFile: VITE_CONFIG, build: { outDir } });
  return performance.now() - started;
}

/**
 * For the declared-resource browser test: builds that client into a temp folder of this run (runs at the same
 * time in one checkout do not overwrite each other's), then starts ./serve.ts (npm start's start plus the vehicle
 * makes) on a free port and a fresh embedded database in a temp folder, and waits until it listens.
 */
export async function startDeclaredResourceServer(): Promise<DeclaredResourceServer> {
  const clientDir = await mkdtemp(path.join(tmpdir(), 'dossier-e2e-declared-client-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dossier-e2e-declared-data-'));
  const removeFolders = () => Promise.all([clientDir, dataDir].map((dir) => rm(dir, { recursive: true, force: true })));
  let buildMs: number;
  try {
    buildMs = await buildClientWithVehicleMakes(clientDir);
  } catch (error) {
    await removeFolders();
    throw error;
  }
  try {
    const started = await startServerProcess('declared-resource', path.join(import.meta.dirname, 'serve.ts'), {
      DOSSIER_DATA_DIR: dataDir,
      DOSSIER_TEST_CLIENT_DIR: clientDir,
      DATABASE_URL: '',
      DOSSIER_DEMO: '1',
    });
    return {
      baseUrl: started.baseUrl,
      buildMs,
      async close() {
        await started.stop();
        await removeFolders();
      },
    };
  } catch (error) {
    await removeFolders();
    throw error;
  }
}
