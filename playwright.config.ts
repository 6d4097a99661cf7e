import { defineConfig } from '@playwright/test'

// Browser journeys against the built server on a fresh data directory (PGlite), or on a fresh
// PostgreSQL database when TEST_DATABASE_URL is set. Debian's Chromium; nothing is downloaded.
const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${port}`
// The journeys without JavaScript have a demo server of their own, so both projects run at once.
const noScriptURL = `http://localhost:${port + 1}`
const postgres = Boolean(process.env.TEST_DATABASE_URL)
const JOURNEY = /(visitor-journey|subscriptions)\.spec\.ts$/
const databaseScope = process.env.E2E_SCOPE === 'database'
/** The tags a project leaves out: its own, @postgres-only without PostgreSQL, @a11y in the database scope. */
const exclude = (...tags: string[]) => {
  const left = [...tags, ...(postgres ? [] : ['@postgres-only']), ...(databaseScope ? ['@a11y'] : [])]
  return left.length ? new RegExp(left.join('|')) : undefined
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so two runs side by side (CI's PGlite and PostgreSQL passes) keep their own.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // Two of the three chains at a time: three browsers and servers on two cores made axe on a whole page take
  // over a minute (a fresh-clone CI run, 2026-11-28).
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Three chains of browser and server share two cores in CI: a staff page took 1-2 s to render there, and the
  // heaviest tests (axe on a whole page, ten staff pages) ran just past 30 s with every step passing. The
  // ceilings cost nothing while tests pass; making those pages and tests lighter is issue 22's work.
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
  // Tests tagged @javascript-only check what does not depend on the browser running scripts (axe on the
  // server's markup, server-side rules): once is enough. @postgres-only tests reach into the server's
  // database, which PGlite keeps to the server process.
  //
  // Three chains, one worker each, two of them at a time: the journeys with JavaScript on its demo server, the
  // journeys without JavaScript on another (each edits its own demo), and the visitor journey, which starts
  // a server of its own with a local SMTP server (tests/e2e/support/journey.ts). The browsers and servers
  // mostly wait on each other, but three at once starved the browsers on two cores.
  //
  // E2E_SCOPE=database (CI's PostgreSQL pass, after the whole suite ran on PGlite) keeps what can depend on
  // the database: every journey with JavaScript on. Without JavaScript the browser posts the same forms,
  // and axe reads markup the database does not change.
  projects: [
    { name: 'javascript', testIgnore: JOURNEY, workers: 1, use: { browserName: 'chromium', javaScriptEnabled: true, baseURL }, grepInvert: exclude() },
    // A journey is a dozen pages in a visitor's and a staff member's browser: under the whole suite on two
    // cores one took just over 30 s, its last assertion already true on the page.
    { name: 'journey-javascript', testMatch: JOURNEY, workers: 1, timeout: 60_000, use: { browserName: 'chromium', javaScriptEnabled: true }, grepInvert: exclude() },
    ...(databaseScope
      ? []
      : [
          {
            name: 'no-javascript',
            testIgnore: JOURNEY,
            workers: 1,
            use: { browserName: 'chromium' as const, javaScriptEnabled: false, baseURL: noScriptURL },
            grepInvert: exclude('@javascript-only'),
          },
          {
            name: 'journey-no-javascript',
            testMatch: JOURNEY,
            workers: 1,
            timeout: 60_000,
            dependencies: ['journey-javascript'],
            use: { browserName: 'chromium' as const, javaScriptEnabled: false },
            grepInvert: exclude('@javascript-only'),
          },
        ]),
  ],
  webServer: [baseURL, ...(databaseScope ? [] : [noScriptURL])].map((url) => ({
    command: 'node tests/e2e/serve.js',
    url: `${url}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'pipe' as const,
    env: { PORT: new URL(url).port, APP_URL: url },
  })),
})
