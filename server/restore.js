// `npm run restore -- FILE`: a backup loaded into an empty DATA_DIR or an empty PostgreSQL database
// (server/backup/cli.ts). Build if needed; the server stays stopped until it is done.
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const bundle = ensureBuilt('backup.js')
process.env.NODE_ENV ??= 'production'
const { runRestore } = await import(pathToFileURL(bundle).href)
process.exitCode = await runRestore(process.argv.slice(2))
