import path from 'node:path';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';
import product from '../../../vite.config.js';
import { CLIENT_DIR, ROOT_DIR } from './paths.js';

/**
 * The client build of the declared-resource browser test (tests/e2e/declaredResource.test.ts): the product's
 * Vite config, except that every import of the product's resources/index.ts gets ./resources.ts (the product's
 * resources plus vehicle makes), and the output goes to test-results/declared-resource-client (the test passes a
 * temp folder of its own), never dist/. Nothing of src/ changes: the generic machinery alone gives the extra
 * resource its screens.
 */
const PRODUCT_RESOURCES = path.join(ROOT_DIR, 'resources/index.ts');
const TEST_RESOURCES = path.join(import.meta.dirname, 'resources.ts');

/** Resolves the product's resources/index.ts to the test's list for every importer but the test list itself. */
function withVehicleMakes(): Plugin {
  return {
    name: 'dossier-test:declared-resources',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || importer === TEST_RESOURCES || !/(^|\/)resources\/index(\.[jt]s)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === PRODUCT_RESOURCES ? TEST_RESOURCES : resolved;
    },
  };
}

/** The product's plugins without its precompression (seconds of brotli): the test server sends the files as they are. */
const withoutPrecompress = (plugins: readonly PluginOption[]): PluginOption[] =>
  plugins.map((p) => (Array.isArray(p) ? withoutPrecompress(p) : p && (p as Plugin).name === 'dossier:precompress' ? false : p));

export default defineConfig({
  ...(product as UserConfig),
  root: ROOT_DIR,
  plugins: [withVehicleMakes(), ...withoutPrecompress(product.plugins ?? [])],
  logLevel: 'warn',
  build: {
    ...product.build,
    outDir: CLIENT_DIR,
    emptyOutDir: true,
    reportCompressedSize: false,
  },
});
