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
})

// SIGTERM (an orchestrator replacing this server) or SIGINT: readiness fails at once, no new connection is
// accepted, idle kept-alive connections close, requests in flight (a download being streamed) finish and
// their connections close after them; then the background work stops (the outbox batch in flight is
// recorded) and the process exits 0. SHUTDOWN_TIMEOUT_SECONDS bounds the whole: what is left is cut, exit 1.
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log(`[shutdown] ${signal}: finishing requests in flight (at most ${app.env.SHUTDOWN_TIMEOUT_SECONDS} s)`)
    app.beginShutdown()
    const deadline = setTimeout(() => {
      console.error(`[shutdown] requests still in flight after ${app.env.SHUTDOWN_TIMEOUT_SECONDS} s: closing them`)
      server.closeAllConnections()
      setTimeout(() => process.exit(1), 5_000).unref()
      app.close().finally(() => process.exit(1))
    }, app.env.SHUTDOWN_TIMEOUT_SECONDS * 1000)
    deadline.unref()
    // A connection that turns idle after its last response is closed too (each response says Connection: close).
    const idle = setInterval(closeIdleConnections, 100)
    server.close(() => {
      clearInterval(idle)
      app
        .close()
        .then(() => process.exit(0))
        .catch((error) => {
          console.error('[shutdown] failed:', error instanceof Error ? error.message : error)
          process.exit(1)
        })
    })
    closeIdleConnections()
  })
}
