import { defineConfig } from 'vitest/config'
import { aliases } from './vite.config.ts'

// Unit and integration tests; the browser journeys live in tests/e2e and run with Playwright.
// TEST_BACKENDS=postgres (CI's second pass, after the whole suite passed on PGlite) runs what talks to a
// database: the integration tests and the seed's; the unit tests under app/ and server/ use none.
const UNIT = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts']
const DATABASE = ['db/**/*.test.ts', 'tests/integration/**/*.test.ts']

export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: process.env.TEST_BACKENDS === 'postgres' ? DATABASE : [...UNIT, ...DATABASE],
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A new order every run keeps tests independent; a failure replays with the seed printed at the start (--sequence.seed=<n>).
    sequence: { shuffle: true },
  },
})
