// `npm run setup -- --org … --slug … --website … --owner-email … --owner-name … [--password-file F]`: an org
// and its owner without a browser (server/orgs/commands.ts). Build if needed; running it again for the same
// slug says the org exists and exits 0.
import { pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.js'

const bundle = ensureBuilt('org-commands.js')
process.env.NODE_ENV ??= 'production'
const { runSetupCommand } = await import(pathToFileURL(bundle).href)
process.exitCode = await runSetupCommand(process.argv.slice(2))
