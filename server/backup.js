// `npm run backup [-- FILE]`: one file holding the database and every stored file (server/backup/cli.ts).
// Build if needed; with the embedded database, run it while the server is stopped.
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const bundle = ensureBuilt('backup.js')
process.env.NODE_ENV ??= 'production'
const { runBackup } = await import(pathToFileURL(bundle).href)
process.exitCode = await runBackup(process.argv.slice(2))
