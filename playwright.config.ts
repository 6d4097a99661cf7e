import { defineConfig } from '@playwright/test'

// Browser journeys against the built server on a fresh data directory (PGlite), or on a fresh
// PostgreSQL database when TEST_DATABASE_URL is set. Debian's Chromium; nothing is downloaded.
const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'javascript', use: { browserName: 'chromium', javaScriptEnabled: true } },
    { name: 'no-javascript', use: { browserName: 'chromium', javaScriptEnabled: false } },
  ],
  webServer: {
    command: 'node tests/e2e/serve.js',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    env: { PORT: String(port), APP_URL: baseURL },
  },
})
