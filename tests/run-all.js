// `npm test`: build, then the unit tests, the integration tests (vitest projects, see vitest.config.ts),
// then the browser journeys (Playwright), each step's time printed. On PostgreSQL as well as PGlite when
// TEST_DATABASE_URL is set. TEST_BACKENDS=postgres (CI's PostgreSQL pass) leaves out the unit tests: they
// touch no database and ran in the PGlite pass. TEST_SKIP_BUILD=true uses the build already there.
// TEST_SEED=<n> replays vitest's shuffled order, E2E_SHUFFLE_SEED=<n> Playwright's.
// TEST_STEPS=<names> (build, unit, integration, journeys; comma-separated) runs only those of the steps.
import { spawnSync } from 'node:child_process'

const all = [
  ...(process.env.TEST_SKIP_BUILD === 'true' ? [] : [['build', 'react-router', 'build']]),
  ...(process.env.TEST_BACKENDS === 'postgres' ? [] : [['unit', 'vitest', 'run', '--project', 'unit']]),
  ['integration', 'vitest', 'run', '--project', 'integration'],
  // Spec files in a shuffled order (Playwright prints the seed); E2E_SHUFFLE_SEED=<n> replays one.
  ['journeys', 'playwright', 'test', '--shuffle', ...(process.env.E2E_SHUFFLE_SEED ? [process.env.E2E_SHUFFLE_SEED] : [])],
]
// TEST_STEPS=unit,integration runs those steps alone (to run the journeys apart).
const only = process.env.TEST_STEPS?.split(',')
const steps = only ? all.filter(([name]) => only.includes(name)) : all
const seconds = (since) => Math.round((performance.now() - since) / 1000)
const started = performance.now()
for (const [name, ...args] of steps) {
  console.log(`\n> npx ${args.join(' ')}`)
  const stepStarted = performance.now()
  const result = spawnSync('npx', args, { stdio: 'inherit' })
  console.log(`-- ${name}: ${seconds(stepStarted)} s (total ${seconds(started)} s)`)
  if (result.status !== 0) process.exit(result.status ?? 1)
}
