import { configDefaults, defineConfig } from 'vitest/config'
import { aliases } from './vite.config.ts'
import { LongFilesFirst } from './tests/setup/sequencer.ts'

// Two kinds of vitest tests; the browser journeys live in tests/e2e and run with Playwright.
// - unit: pure code beside it under app/ and server/: no database, no server, no seeding (`npm run test:unit`).
// - integration: a real database copied from the seeded template, and the built server where a test needs
//   the real listener (`npm run test:integration`). TEST_BACKENDS=postgres (CI's PostgreSQL pass) runs this
//   project alone: what talks to a database.
const UNIT = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts']
const INTEGRATION = ['db/**/*.test.ts', 'tests/integration/**/*.test.ts']
// Left out of the PostgreSQL pass (TEST_BACKENDS=postgres, after the same files passed on PGlite): what opens an
// embedded database of its own, not the backend under test; and what tests the HTTP layer, the file store or the
// upload checks, the same code whichever database holds the rows (decision 037).
const PGLITE_ONLY =
  process.env.TEST_BACKENDS === 'postgres'
    ? [
        'tests/integration/data-dir-pglite.test.ts',
        'tests/integration/static-files.test.ts',
        'tests/integration/client-bundle.test.ts',
        'tests/integration/s3-store.test.ts',
        'tests/integration/upload-inspection.test.ts',
        'tests/integration/wire.test.ts',
        'tests/integration/request-guards.test.ts',
        // Starts from the PGlite template: the copy an embedded database gets before its migration.
        'tests/integration/backup-pre-migration.test.ts',
      ]
    : []

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    testTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    // A new order every run keeps tests independent; the seed is printed at the start ("Running tests with
    // seed") and replays with --sequence.seed=<n>, or TEST_SEED=<n> for npm test and .ci/run. The files
    // known to be long go first (tests/setup/sequencer.ts), so none is left running alone at the end.
    sequence: { shuffle: true, seed: process.env.TEST_SEED ? Number(process.env.TEST_SEED) : undefined, sequencer: LongFilesFirst },
    projects: [
      // The unit files share each worker's modules (isolate: false): half the CPU of a fresh import per file
      // (7.6 s against 15.3 s for 38 files); shuffling shows any test that leans on another's module state.
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          // Shared modules here too: 345 s and 596 core-s for the PGlite run against 420 s and 747 with a fresh import
          // per file (decision 037). A test's database is closed as the app closes its own (tests/setup/database.ts),
          // so nothing of a closed one runs on in the worker.
          isolate: false,
          include: INTEGRATION,
          exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
          globalSetup: ['tests/setup/global-setup.ts'],
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
