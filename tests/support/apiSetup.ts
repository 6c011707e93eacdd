import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, inject } from 'vitest';
import { answerTally, mismatchReport, takeMismatches } from './answerCheck.js';

/**
 * Runs in every API test file (vitest `setupFiles`): a test fails when an answer it received does not match the
 * OpenAPI description of its route and status (tests/support/answerCheck.ts), and a file fails for those received
 * outside its tests (its beforeAll and afterAll hooks). What the file's answers were is left for the tier's summary
 * (tests/support/apiGlobalSetup.ts).
 */
afterEach(() => {
  const found = takeMismatches();
  if (found.length) throw new Error(mismatchReport(found));
});

// Registered first, so run last: after the file's own afterAll hooks have closed its app.
afterAll(async () => {
  const dir = inject('answerTallyDir');
  if (dir) await writeFile(path.join(dir, `${randomBytes(6).toString('hex')}.json`), JSON.stringify(answerTally()));
  const found = takeMismatches();
  if (found.length) throw new Error(mismatchReport(found));
});
