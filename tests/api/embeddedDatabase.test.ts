import { describe, expect, it } from 'vitest';
import { createPGlite, EMBEDDED_SHARED_BUFFERS, embeddedStartParams } from '../../server/db/database.js';
import { TEST_DB_KIND } from '../support/testDatabase.js';

/** The embedded database's memory settings (docs/performance.md, "Embedded server memory"). */
describe.skipIf(TEST_DB_KIND === 'postgres')('the embedded database', () => {
  it('starts with a 32 MB buffer cache, and its WebAssembly memory stays far below PGlite’s own default', async () => {
    expect(EMBEDDED_SHARED_BUFFERS).toBe('32MB');
    const pglite = await createPGlite({});
    try {
      const { rows } = await pglite.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0].shared_buffers).toBe(process.env.DOSSIER_DB_SHARED_BUFFERS || '32MB');
      // PGlite's default cache alone (128 MB) grew its memory past its initial 128 MiB.
      expect(pglite.Module.HEAPU8.byteLength).toBeLessThanOrEqual(128 * 1024 * 1024);
    } finally {
      await pglite.close();
    }
  });

  it('takes DOSSIER_DB_SHARED_BUFFERS as a size with its unit, after PGlite’s own start parameters', () => {
    const params = embeddedStartParams({ DOSSIER_DB_SHARED_BUFFERS: '64MB' });
    expect(params.slice(-2)).toEqual(['-c', 'shared_buffers=64MB']);
    expect(params).toContain('--single');
    expect(embeddedStartParams({}).slice(-1)).toEqual(['shared_buffers=32MB']);
    for (const wrong of ['64', '64 MB', '64MB; DROP', '-c fsync=off']) expect(() => embeddedStartParams({ DOSSIER_DB_SHARED_BUFFERS: wrong })).toThrow(/DOSSIER_DB_SHARED_BUFFERS/);
  });
});
