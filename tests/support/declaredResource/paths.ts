import path from 'node:path';

/** The declared-resource test client's default output (the test itself builds into a temp folder): never dist/. */
export const ROOT_DIR = path.resolve(import.meta.dirname, '../../..');
export const CLIENT_DIR = path.join(ROOT_DIR, 'test-results/declared-resource-client');
export const VITE_CONFIG = path.join(import.meta.dirname, 'vite.config.ts');
