// `npm run org:delete -- SLUG [--yes]`: removes an org with all its rows and the stored files only it used
// (server/orgs/commands.ts). Build if needed; asks for the slug again unless --yes.
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const bundle = ensureBuilt('org-commands.js')
process.env.NODE_ENV ??= 'production'
const { runOrgDeleteCommand } = await import(pathToFileURL(bundle).href)
process.exitCode = await runOrgDeleteCommand(process.argv.slice(2))
