import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import pkg from './package.json' with { type: 'json' };
import { CSP_NONCE_PLACEHOLDER } from './shared/csp.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing, and the size below which compression does not pay for itself. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const COMPRESS_FROM_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, so the server
 * sends compressed files without compressing on each request (@fastify/static `preCompressed`). A copy that is
 * not smaller than the file is not written; the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dossier:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            if ((await stat(file)).size < COMPRESS_FROM_BYTES) return;
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < content.length) await writeFile(`${file}.br`, br);
            if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

/** A vendor group of the first load: modules under these packages that the entry imports statically. */
const vendor = (name: string, packages: string[], priority: number) => ({
  name,
  priority,
  tags: ['$initial' as const],
  test: new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`),
});

/** The client build. In development (`npm run dev`) the API runs behind this server's proxy. */
export default defineConfig({
  plugins: [react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  // index.html's <style> and a <meta property="csp-nonce"> carry this placeholder; the server answers each copy of
  // index.html with a fresh nonce in its place, the one its Content-Security-Policy allows (shared/csp.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    // The i18n library (node-polyglot) requires the `object.entries` polyfill, whose helpers (get-intrinsic,
    // call-bind, define-properties, …) would be 15 kB (4 kB brotli) of the first download: every supported browser
    // has the native function, which the polyfill returns anyway when present.
    alias: [{ find: /^object\.entries$/, replacement: path.resolve(import.meta.dirname, 'src/shims/objectEntries.cjs') }],
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': `http://localhost:${process.env.API_PORT ?? 3001}`,
      '/oauth': `http://localhost:${process.env.API_PORT ?? 3001}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The libraries every page needs get chunks of their own, apart from our code: they change with upgrades,
        // not with every release, so a browser keeps them cached across releases (assets are immutable), and they
        // download in parallel. Only modules of the first load are grouped: libraries that only lazily loaded
        // pages use (code editor, schema forms, tree view) stay in those pages' chunks.
        codeSplitting: {
          groups: [
            vendor('react', ['react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'], 40),
            vendor('mui', ['@mui', '@emotion', '@popperjs', 'react-transition-group', 'stylis', '@babel[\\\\/]runtime', 'clsx', 'react-is', 'hoist-non-react-statics', 'prop-types'], 30),
            vendor('react-admin', ['react-admin', 'ra-[^\\\\/]+', 'react-hook-form', '@tanstack', 'lodash', 'inflection', 'query-string', 'react-hotkeys-hook'], 20),
            vendor('vendor', ['[^\\\\/]+'], 10),
          ],
        },
      },
    },
  },
});
