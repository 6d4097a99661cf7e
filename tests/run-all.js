// `npm test`: build, then unit and integration tests (vitest), then the browser journeys (Playwright).
// On PostgreSQL as well as PGlite when TEST_DATABASE_URL is set. TEST_SKIP_BUILD=true uses the build
// already there (CI builds once, then runs the PGlite and PostgreSQL passes side by side).
import { spawnSync } from 'node:child_process'

const steps = [
  ...(process.env.TEST_SKIP_BUILD === 'true' ? [] : [['npx', ['react-router', 'build']]]),
  ['npx', ['vitest', 'run']],
  ['npx', ['playwright', 'test']],
]
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
