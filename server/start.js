// `npm start`: build when the bundle is missing or older than the sources, then serve.
import http from 'node:http'
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const serverBundle = ensureBuilt()
process.env.NODE_ENV ??= 'production'
const { createApp } = await import(pathToFileURL(serverBundle).href)
let app
try {
  app = await createApp()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const server = http.createServer(app.listener)
server.keepAliveTimeout = 65_000
// A client that trickles its headers or body cannot hold a connection for long.
server.headersTimeout = 20_000
server.requestTimeout = 120_000
// Open connections: at shutdown one with no response under way is idle, even one that has sent part of a
// request head (Node's closeIdleConnections counts that as busy and would wait for it). A response in
// progress is attached to its socket (_httpMessage) from its head until its end, pipelined ones included.
const connections = new Set()
server.on('connection', (socket) => {
  connections.add(socket)
  socket.once('close', () => connections.delete(socket))
})
function closeIdleConnections() {
  server.closeIdleConnections()
  for (const socket of connections) if (!socket._httpMessage) socket.destroy()
}
// The listener answers every error itself; anything that still escapes is logged, not fatal for every visitor.
process.on('unhandledRejection', (error) => console.error('[process] unhandled rejection:', error))
server.listen(app.env.PORT, () => {
  console.log(`Trust center ready at ${app.env.APP_URL} (database: ${app.database.kind})`)
  if (app.demo) console.log(`Demo staff sign-in: ${app.demo.email} / ${app.demo.password}`)
  if (app.setupUrl) {
    // The portal's pages point here while no org exists (app/lib/setup-copy.ts): keep the wording in step.
    console.log(`Set up your trust center: ${app.setupUrl}`)
    console.log('  (a one-time link; a restart before it is used prints a new one and the old one stops working; or run `npm run setup`)')
  }
})

// SIGTERM (an orchestrator replacing this server) or SIGINT: readiness fails at once, no new connection is
// accepted, idle kept-alive connections close, requests in flight (a download being streamed) finish and
// their connections close after them; then the background work stops (the outbox batch in flight is
// recorded), the database closes and the process exits 0. SHUTDOWN_TIMEOUT_SECONDS bounds the whole: requests
// still in flight when the last fifth of it begins (at most its last 5 s) are cut, so the background work
// and the database have that long to close; at the timeout the process exits 1, whatever is still running.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    const timeoutMs = app.env.SHUTDOWN_TIMEOUT_SECONDS * 1000
    const closingMs = Math.min(5_000, timeoutMs / 5)
    console.log(`[shutdown] ${signal}: finishing requests in flight (the whole shutdown takes at most ${app.env.SHUTDOWN_TIMEOUT_SECONDS} s)`)
    app.beginShutdown()
    // Exit 1 when requests had to be cut; app.close() runs once however often it is asked.
    let requestsCut = false
    const closeApp = () => {
      app
        .close()
        .then(() => process.exit(requestsCut ? 1 : 0))
        .catch((error) => {
          console.error('[shutdown] failed:', error instanceof Error ? error.message : error)
          process.exit(1)
        })
    }
    // Not unref'd: the process must not end before the work below has had its chance, nor outlive the timeout.
    setTimeout(() => {
      console.error(`[shutdown] not done after ${app.env.SHUTDOWN_TIMEOUT_SECONDS} s (background work or the database still closing): exiting`)
      process.exit(1)
    }, timeoutMs)
    const cut = setTimeout(() => {
      console.error(`[shutdown] requests still in flight after ${(timeoutMs - closingMs) / 1000} s: closing them`)
      requestsCut = true
      clearInterval(idle)
      server.closeAllConnections()
      closeApp()
    }, timeoutMs - closingMs)
    // A connection that turns idle after its last response is closed too (each response says Connection: close).
    const idle = setInterval(closeIdleConnections, 100)
    server.close(() => {
      clearInterval(idle)
      clearTimeout(cut)
      closeApp()
    })
    closeIdleConnections()
  })
}
