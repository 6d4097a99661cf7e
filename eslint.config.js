// ESLint: typescript-eslint, React hooks, jsx-a11y, and the arrows between app, server and db
// (docs/decisions/033-lint-and-boundaries.md says why each rule has its level).
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'
import serverValuesInServerExports from './eslint-rules/server-values-in-server-exports.js'

// Import strings, as written (aliases from tsconfig.json, or relative paths climbing out of a folder).
const SERVER = '^(@server/|(\\.\\./)+server(/|$))'
const DB = '^(@db/|(\\.\\./)+db(/|$))'
const APP_UI = '^(~/(components|routes)(/|$)|(\\.\\./)+app/(components|routes)(/|$))'
const APP = '^(~/|(\\.\\./)+app(/|$))'
const REACT_ROUTER = '^(react-router|@react-router/.*)$'

const serverValue = {
  regex: SERVER,
  allowTypeImports: true,
  message: 'app/components and app/routes take only types from server/ (`import type`).',
}
const anythingFromServer = (who) => ({ regex: SERVER, message: `${who} imports nothing from server/.` })
const appUi = {
  regex: APP_UI,
  message: 'server/ never imports app/components or app/routes: move what both need to app/lib.',
}
const reactRouter = {
  regex: REACT_ROUTER,
  message: 'Server modules return results or throw domain errors; only routes and server/http speak HTTP through react-router.',
}
// The builders of HTTP answers in server/http: the redirect (and its toast's flash cookie), the translator
// of domain results, a staff form's answer. A server module returns a `Redirect`, `Download` or `Reply`
// (server/reply.ts) instead, and the route hands it to `respond` (decision 034).
const httpBuilders = {
  regex: '^(@server/|(\\./|(\\.\\./)+)(server/)?)http/(redirect|flash|responses|change-answer)$',
  message: 'Server modules return a Redirect, Download or Reply (server/reply.ts); only routes and server/http build HTTP answers.',
}
const restrict = (...patterns) => ['error', { patterns }]

// Route modules that import server values today (35 of 41, 157 imports): their loaders and actions call
// server/ directly, as HOUSE-STYLE's route example does; no `.server` module or server/ barrel exists to go
// through. React Router drops loader, action, headers and middleware (and what only they use) from the
// browser's bundle, so the values stay on the server as long as only those use them, which
// boundaries/server-values-in-server-exports (eslint-rules/) checks.
// A route not listed here (and every component) takes only types from server/.
// TODO(issue 22 item 3): reach the server through `.server` modules or the load context and empty this list.
const ROUTES_WITH_SERVER_VALUES = [
  'app/root.tsx',
  'app/routes/auth/accept-invite.tsx',
  'app/routes/auth/login.tsx',
  'app/routes/auth/logout.tsx',
  'app/routes/auth/setup.tsx',
  'app/routes/portal/access-link.tsx',
  'app/routes/portal/document-viewer.tsx',
  'app/routes/portal/portal.tsx',
  'app/routes/portal/search.tsx',
  'app/routes/portal/subscribe-confirm.tsx',
  'app/routes/resources/portal-brand-image.ts',
  'app/routes/resources/brand-file.ts',
  'app/routes/resources/portal-answer.ts',
  'app/routes/resources/portal-bulk-download.ts',
  'app/routes/resources/portal-feed.ts',
  'app/routes/resources/portal-file.ts',
  'app/routes/resources/portal-letter.ts',
  'app/routes/resources/portal-llms.ts',
  'app/routes/resources/portal-nda.ts',
  'app/routes/resources/portal-picture.ts',
  'app/routes/resources/portal-trust-data.ts',
  'app/routes/resources/portal-unsubscribe.ts',
  'app/routes/resources/security-txt.ts',
  'app/routes/staff/access-requests/index.tsx',
  'app/routes/staff/access-requests/request.tsx',
  'app/routes/staff/accounts/index.tsx',
  'app/routes/staff/analytics/export.ts',
  'app/routes/staff/analytics/index.tsx',
  'app/routes/staff/audit/index.tsx',
  'app/routes/staff/documents/index.tsx',
  'app/routes/staff/knowledge-base/export.ts',
  'app/routes/staff/home.tsx',
  'app/routes/staff/knowledge-base/index.tsx',
  'app/routes/staff/layout.tsx',
  'app/routes/staff/members/index.tsx',
  'app/routes/staff/questionnaires/file.ts',
  'app/routes/staff/questionnaires/index.tsx',
  'app/routes/staff/settings/domains.tsx',
  'app/routes/staff/settings/getting-started.ts',
  'app/routes/staff/settings/company.tsx',
  'app/routes/staff/settings/index.tsx',
  'app/routes/staff/settings/outbox.tsx',
  'app/routes/staff/settings/products.tsx',
  'app/routes/staff/subscribers/export.ts',
  'app/routes/staff/subscribers/index.tsx',
  'app/routes/staff/updates/index.tsx',
]

export default defineConfig(
  {
    ignores: ['build/**', 'node_modules/**', '.react-router/**', 'data/**', 'public/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Control characters in a character class are how this code strips them from untrusted text (file names,
      // headers, feeds, PDFs): every hit of the rule was such a class, none a mistake.
      'no-control-regex': 'off',
      // `_` marks an argument or binding kept on purpose (a positional parameter, a discarded rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // The rules of hooks and their dependencies. The plugin's React Compiler rules (static-components, purity,
    // set-state-in-render, ...) compile every component they read: 14 of the lint's 18 s of rule time, for an
    // app the compiler does not build; they are left out so `npm run lint` stays well inside CI's time (decision 033).
    files: ['app/components/**', 'app/routes/**', 'app/root.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label's text may sit in nested spans (name and domain of a TPRM partner).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // Kysely<any> is the migrations' rule (HOUSE-STYLE); tests read loosely typed route results on purpose.
    files: ['migrations/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright's fixtures take their dependencies as a destructured first argument, `async ({}, use) =>`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Every journey runs in its worker's kept context and page (tests/e2e/support/test.ts, decision 047): Playwright's
    // own `test` would open or reset one per test.
    files: ['tests/e2e/**'],
    ignores: ['tests/e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: 'Import test from tests/e2e/support/test.ts (decision 047).' }] }],
    },
  },

  // The arrows point one way (HOUSE-STYLE, issue 22 item 3).
  {
    files: ['app/components/**', 'app/routes/**', 'app/root.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(serverValue) },
  },
  {
    files: ROUTES_WITH_SERVER_VALUES,
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // What the listed routes may do with a server value: use it in loader, action, headers or middleware only.
    files: ['app/routes/**', 'app/root.tsx'],
    plugins: { boundaries: { rules: { 'server-values-in-server-exports': serverValuesInServerExports } } },
    rules: { 'boundaries/server-values-in-server-exports': ['error', { pattern: SERVER }] },
  },
  {
    files: ['app/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(anythingFromServer('app/lib'), {
        regex: APP_UI,
        message: 'app/lib is the kernel both sides share: it imports neither app/components nor app/routes.',
      }),
    },
  },
  {
    files: ['server/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(appUi, reactRouter, httpBuilders) },
  },
  {
    files: ['server/http/**', 'server/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(appUi) },
  },
  {
    files: ['db/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(anythingFromServer('db/'), { ...appUi, message: 'db/ never imports app/components or app/routes.' }) },
  },
  {
    files: ['migrations/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        anythingFromServer('A migration'),
        { regex: APP, message: 'Migrations never import app code.' },
        { regex: DB, allowTypeImports: true, message: 'Migrations use Kysely<any>, not the app database.' },
      ),
    },
  },
)
