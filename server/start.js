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
// The listener answers every error itself; anything that still escapes is logged, not fatal for every visitor.
process.on('unhandledRejection', (error) => console.error('[process] unhandled rejection:', error))
server.listen(app.env.PORT, () => {
  console.log(`Trust center ready at ${app.env.APP_URL} (database: ${app.database.kind})`)
  if (app.demo) console.log(`Demo staff sign-in: ${app.demo.email} / ${app.demo.password}`)
})

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    server.close()
    server.closeAllConnections()
    app.close().finally(() => process.exit(0))
  })
}
