import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slowFirstSequencer.js';

/**
 * Test tiers: `api` (the real server in-process on PGlite), `api-pg` (the same tests on PostgreSQL, when
 * TEST_DATABASE_URL is set), `ui` (components in jsdom) and `e2e` (Chromium against a running server).
 */
const api = (name: string, env: Record<string, string>): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/apiGlobalSetup.ts'],
    // Every answer a test receives is checked against the OpenAPI description (tests/support/answerCheck.ts).
    setupFiles: ['tests/support/apiSetup.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  api('api', { DOSSIER_TEST_DB: 'pglite' }),
  {
    test: {
      name: 'ui',
      include: ['tests/ui/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['tests/ui/setup.ts'],
      testTimeout: 40_000,
    },
  },
  {
    test: {
      name: 'e2e',
      include: ['tests/e2e/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['tests/e2e/globalSetup.ts'],
      setupFiles: ['tests/e2e/setup.ts'],
      fileParallelism: false,
      testTimeout: 90_000,
      hookTimeout: 180_000,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push(api('api-pg', { DOSSIER_TEST_DB: 'postgres', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }));
} else if (process.argv.some((a) => a.includes('api'))) {
  console.warn('\n*** SKIPPED: API tests on PostgreSQL (set TEST_DATABASE_URL=postgres://… to run them) ***\n');
}

/**
 * Two test files at a time at least: Vitest's default (one fewer than the CPUs) runs a 2-CPU CI machine's files one
 * by one, while an API test spends much of its time waiting on its database and a UI test on its timers.
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({ test: { projects, maxWorkers, sequence: { sequencer: SlowFirstSequencer } } });
