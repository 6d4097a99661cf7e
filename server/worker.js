// `npm run worker`: the e-mail worker alone (server/worker-main.ts), on PostgreSQL. Build if needed, then
// send until SIGTERM or SIGINT, which lets the round in flight finish within SHUTDOWN_TIMEOUT_SECONDS.
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const bundle = ensureBuilt('worker.js')
process.env.NODE_ENV ??= 'production'
const { startWorkerProcess } = await import(pathToFileURL(bundle).href)
let worker
try {
  worker = await startWorkerProcess()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
process.on('unhandledRejection', (error) => console.error('[process] unhandled rejection:', error))
console.log(`E-mail worker running (database: ${worker.database})`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      console.error(`[shutdown] the round in flight is not done after ${worker.shutdownTimeoutSeconds} s: exiting`)
      process.exit(1)
    }, worker.shutdownTimeoutSeconds * 1000)
    worker.close().then(
      () => process.exit(0),
      (error) => {
        console.error('[shutdown] failed:', error instanceof Error ? error.message : error)
        process.exit(1)
      },
    )
  })
}
// The worker's timers do not keep the process alive on their own (server/email/worker.ts).
setInterval(() => {}, 1 << 30)
