import { defineConfig } from 'vitest/config'
import { aliases } from './vite.config.ts'

// Unit and integration tests; the browser journeys live in tests/e2e and run with Playwright.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A new order every run keeps tests independent; a failure replays with the seed printed at the start (--sequence.seed=<n>).
    sequence: { shuffle: true },
  },
})
