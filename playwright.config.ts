import { defineConfig } from '@playwright/test'
import { journeyDatabase, journeyPorts } from './tests/e2e/support/journey-mail'
import { dnsPort } from './tests/e2e/support/journey-dns'
import { journeyOrgTargets } from './tests/e2e/support/orgs'

// Browser journeys against the built server on a fresh data directory (PGlite), or on a fresh
// PostgreSQL database when TEST_DATABASE_URL is set. Debian's Chromium; nothing is downloaded.
const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${port}`
// The journeys without JavaScript have a demo server of their own, so both projects run at once.
const noScriptURL = `http://localhost:${port + 1}`
// The specs that read the mail the server sends run on a journey server per journey project, each with a fake
// SMTP server the runner holds (tests/e2e/support/journey-mail.ts, journey.ts).
const journeyURL = (javascript: boolean) => `http://localhost:${journeyPorts(port, javascript).server}`
const postgres = Boolean(process.env.TEST_DATABASE_URL)
const JOURNEY = /(visitor-journey|subscriptions|ai-answers|bulk-download|document-delivery|questionnaires|tprm)\.spec\.ts$/
const databaseScope = process.env.E2E_SCOPE === 'database'
/** The tags a project leaves out: its own, and @postgres-only without PostgreSQL. */
const exclude = (...tags: string[]) => {
  const left = [...tags, ...(postgres ? [] : ['@postgres-only'])]
  return left.length ? new RegExp(left.join('|')) : undefined
}

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per port, so two runs side by side (CI's PGlite and PostgreSQL passes) keep their own.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // One worker per core (the projects below say how they share the servers). Axe runs once per check in the page
  // (tests/e2e/support/axe.ts), staff sign in once per worker (support/staff.ts).
  workers: 2,
  // A time limit catches a journey that hangs; speed is the benchmarks' business (npm run bench:...). CI's machines
  // differ: the same fresh-clone run took 1.8 times as long on one as on another (checks 79 s against 44), and
  // journeys that take 16 s on the faster one passed 30 s on the slower. Under CI the limits are twice Playwright's
  // defaults (60 s a test, 10 s an expectation; test.slow() still triples a test's); elsewhere the defaults.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // The journey servers' fake SMTP servers, and the fake DNS server custom domains are checked on (domains.spec.ts).
  globalSetup: ['./tests/e2e/support/journey-mail.ts', './tests/e2e/support/journey-dns.ts'],
  use: {
    baseURL,
    // One browser context and page per worker, kept from test to test (tests/e2e/support/test.ts, decision 047;
    // a new context per test cost 1.4 s of a busy core, decision 037). Tests that need a second visitor or other
    // options open contexts of their own (support/journey.ts newPage).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // Tests tagged @javascript-only check what does not depend on the browser running scripts (axe on the
  // server's markup, server-side rules): once is enough. @postgres-only tests reach into the server's
  // database, which PGlite keeps to the server process.
  //
  // Two phases, both workers in each: every spec with JavaScript, then every spec without (no-javascript depends
  // on javascript, which is what makes Playwright run them one after the other, each phase in its own shuffled
  // order). Each project has its servers, so a spec runs once on a server; in a phase the two workers share them,
  // each running a different spec (a spec changes only what it created, or an org of its own on the demo server:
  // tests/e2e/support/orgs.ts, decision 035; people and addresses carry the worker's index). A spec on the journey
  // servers gets its server from the journeyServer fixture (support/journey.ts), so demo and journey specs share a
  // project and its workers. With one worker per project side by side, the one with JavaScript ran alone for the
  // last two minutes (488 s of tests against 371): 9.7 minutes against 8.3 in phases (decision 047). With four
  // projects the shuffled order moved the workers between projects, about 25 worker starts a run (each a Chromium
  // launch and a cold page). As with any dependency, a failure with JavaScript leaves the phase without it unrun:
  // `--no-deps` runs it anyway.
  //
  // E2E_SCOPE=database (CI's PostgreSQL pass, after the whole suite ran on PGlite): the integration tests run
  // on both databases, so the browser checks only what needs the server's database itself (@postgres-only)
  // and one journey end to end on it (@postgres), on one journey server and no demo server.
  projects: databaseScope
    ? [{ name: 'journey-javascript', testMatch: JOURNEY, workers: 1, use: { browserName: 'chromium', javaScriptEnabled: true, baseURL: journeyURL(true) }, grep: /@postgres/ }]
    : [
        { name: 'javascript', use: { browserName: 'chromium', javaScriptEnabled: true, baseURL }, grepInvert: exclude() },
        {
          name: 'no-javascript',
          dependencies: ['javascript'],
          use: { browserName: 'chromium', javaScriptEnabled: false, baseURL: noScriptURL },
          grepInvert: exclude('@javascript-only'),
        },
      ],
  // Four servers starting at once on two busy cores took up to 1.5 minutes each.
  webServer: [
    // The demo servers: the demo at `/`, and the orgs of their own the specs that change org-wide settings get
    // (tests/e2e/support/orgs.ts), seeded by serve.js before the server starts.
    ...(databaseScope ? [] : [baseURL, noScriptURL]).map((url) =>
      server(url, { DNS_SERVERS: `127.0.0.1:${dnsPort(port)}`, E2E_ORGS: journeyOrgTargets(), DEFAULT_ORG: 'northwind' }),
    ),
    ...(databaseScope ? [true] : [true, false]).map((javascript) => {
      const ports = journeyPorts(port, javascript)
      return server(journeyURL(javascript), {
        SMTP_URL: `smtp://tester:secret@127.0.0.1:${ports.smtp}`,
        TRUST_PROXY: '1',
        // The SMTP transport only: Resend would win over it (server/email/transports.ts).
        RESEND_API_KEY: '',
        E2E_DATABASE: journeyDatabase(ports.server),
      })
    }),
  ],
})

function server(url: string, env: Record<string, string> = {}) {
  return {
    command: 'node tests/e2e/serve.js',
    url: `${url}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'pipe' as const,
    env: { PORT: new URL(url).port, APP_URL: url, ...env },
  }
}
