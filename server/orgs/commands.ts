// `npm run setup` and `npm run org:delete` (issue 23 item 2; server/setup.js and server/org-delete.js run
// these, bundled as build/server/org-commands.js): an org and its owner, or an org's removal, without a
// browser, on whichever database the environment names (DATABASE_URL, else the embedded one in DATA_DIR).
// seedDemoCopies is the browser journeys' (tests/e2e/serve.js): the demo and copies of it, before their server starts.

import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { openDatabase, type DatabaseHandle } from '../../db/index'
import { migrateToLatest } from '../../db/migrate'
import { newPassword } from '../../app/lib/schemas/members'
import { newOrgSchema, SETUP_MESSAGES } from '../../app/lib/schemas/setup'
import { hashPassword } from '../auth/password'
import { DataDirInUse, lockDataDir, prepareDataDir } from '../data-dir'
import { EnvError, parseEnv, type Env } from '../env'
import { fileStore, StoreUnavailable } from '../files/store'
import { createOrg, lockOrgCreation, orgSlugRetired, orgSlugTaken } from './create'
import { deleteOrg, findOrgBySlug } from './delete'
import { DEMO_TARGET, seedDemoOrgs, type DemoTarget } from '../demo/seed'

/** Where a command talks: the console, or a test's capture. `ask` reads one answer (`secret`: not echoed). */
export interface CommandIO {
  log(message: string): void
  error(message: string): void
  ask(question: string, options?: { secret?: boolean }): Promise<string | null>
}

class UsageError extends Error {}

const SETUP_USAGE = `Usage: npm run setup -- --org "Acme" --slug acme --website https://acme.example --owner-email owner@acme.example --owner-name "Ada Owner" [--password-file FILE]
  The owner's password comes from --password-file (its first line), or is asked for without echo; never an argument.
  --slug is optional: suggested from --org when left out.`
const DELETE_USAGE = `Usage: npm run org:delete -- SLUG [--yes]
  Deletes the org with every row of it and its stored files; asks for the slug again unless --yes.`

/** The command's database: PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR (held by one process). */
async function open(env: Env): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  let unlock = async () => {}
  if (!env.DATABASE_URL) {
    await prepareDataDir(env.DATA_DIR)
    try {
      unlock = await lockDataDir(env.DATA_DIR)
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error
      throw new UsageError(`${error.message}\nThe embedded database (PGlite) serves one process: stop the server, run this command, then start the server again.`)
    }
  }
  try {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    try {
      await migrateToLatest(handle.db)
    } catch (error) {
      await handle.close()
      throw error
    }
    return {
      handle,
      async close() {
        await handle.close()
        await unlock()
      },
    }
  } catch (error) {
    await unlock()
    throw error
  }
}

/** The environment without a session secret of its own: commands sign nothing, and write none into DATA_DIR. */
const commandEnv = (source: NodeJS.ProcessEnv) => parseEnv({ ...source, SESSION_SECRET: source.SESSION_SECRET || 'a-command-signs-no-sessions-at-all-ever' })

/** Runs a command, turning what the operator must fix into a message and exit code 1. */
async function run(io: CommandIO, usage: string, body: () => Promise<number>) {
  try {
    return await body()
  } catch (error) {
    if (error instanceof UsageError || error instanceof EnvError || error instanceof StoreUnavailable) {
      io.error(error.message)
      return 1
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.error(`${error.message}\n${usage}`)
      return 1
    }
    throw error
  }
}

/** `npm run setup`: creates an org and its owner; a slug that exists already is reported, exit 0. */
export async function runSetupCommand(argv: string[], source: NodeJS.ProcessEnv = process.env, io: CommandIO = consoleIO()): Promise<number> {
  return run(io, SETUP_USAGE, async () => {
    if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
      throw new UsageError(
        `A password is never an argument (it would stay in the shell's history and the process list): use --password-file FILE, or leave it out to be asked.\n${SETUP_USAGE}`,
      )
    }
    const { values } = parseArgs({
      args: argv,
      options: {
        org: { type: 'string' },
        slug: { type: 'string' },
        website: { type: 'string' },
        'owner-email': { type: 'string' },
        'owner-name': { type: 'string' },
        'password-file': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    })
    if (values.help) {
      io.log(SETUP_USAGE)
      return 0
    }
    const parsed = newOrgSchema.safeParse({ name: values.org, slug: values.slug, website: values.website, ownerName: values['owner-name'], ownerEmail: values['owner-email'] })
    if (!parsed.success) {
      const flags: Record<string, string> = { name: '--org', slug: '--slug', website: '--website', ownerName: '--owner-name', ownerEmail: '--owner-email' }
      const lines = parsed.error.issues.map((issue) => `  ${flags[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`)
      throw new UsageError(`The org cannot be created:\n${lines.join('\n')}\n${SETUP_USAGE}`)
    }
    const org = parsed.data
    const env = commandEnv(source)
    const database = await open(env)
    try {
      const { db } = database.handle
      if (await orgSlugTaken(db, org.slug)) {
        io.log(`An org with the slug "${org.slug}" exists already on this database: nothing to do.`)
        return 0
      }
      if (await orgSlugRetired(db, org.slug)) throw new UsageError(retiredSlugMessage(org.slug))
      const password = values['password-file'] !== undefined ? await passwordFromFile(values['password-file']) : await askPassword(io)
      const checked = newPassword.safeParse(password)
      if (!checked.success) throw new UsageError(`The password cannot be used: ${checked.error.issues[0].message}.`)
      const passwordHash = await hashPassword(checked.data)
      const created = await db.transaction().execute(async (trx) => {
        await lockOrgCreation(trx)
        if (await orgSlugTaken(trx, org.slug)) return null
        if (await orgSlugRetired(trx, org.slug)) throw new UsageError(retiredSlugMessage(org.slug))
        // The first org: the setup link printed at start stops working, as after the setup page.
        await trx.deleteFrom('setup_tokens').execute()
        return createOrg(trx, { name: org.name, slug: org.slug, website: org.website, owner: { name: org.ownerName, email: org.ownerEmail, passwordHash } }, 'command')
      })
      if (!created) {
        io.log(`An org with the slug "${org.slug}" exists already on this database: nothing to do.`)
        return 0
      }
      io.log(`Created the trust center "${org.name}" (${org.slug}) and its owner ${org.ownerEmail}.`)
      io.log(`Portal: ${env.APP_URL}/portal/${org.slug}`)
      io.log(`Owner sign-in: ${env.APP_URL}/login`)
      return 0
    } finally {
      await database.close()
    }
  })
}

const retiredSlugMessage = (slug: string) => `--slug: ${SETUP_MESSAGES.slugTaken} ("${slug}" was another org's address and still redirects there).`

/** `npm run org:delete`: removes the org, its rows and the files only it used; an unknown slug is exit 1. */
export async function runOrgDeleteCommand(argv: string[], source: NodeJS.ProcessEnv = process.env, io: CommandIO = consoleIO()): Promise<number> {
  return run(io, DELETE_USAGE, async () => {
    const { values, positionals } = parseArgs({ args: argv, options: { yes: { type: 'boolean', short: 'y' }, help: { type: 'boolean' } }, strict: true, allowPositionals: true })
    if (values.help) {
      io.log(DELETE_USAGE)
      return 0
    }
    if (positionals.length !== 1) throw new UsageError(DELETE_USAGE)
    const slug = positionals[0].trim().toLowerCase()
    const env = commandEnv(source)
    const database = await open(env)
    try {
      const { db } = database.handle
      const org = await findOrgBySlug(db, slug)
      if (!org) {
        io.error(`No org has the slug "${slug}" on this database: nothing was deleted.`)
        return 1
      }
      if (!values.yes) {
        const answer = await io.ask(`This deletes "${org.name}" (${org.slug}) with all its rows and stored files, for good. Type its slug to confirm: `)
        if (answer === null) {
          io.error('No answer could be read (not a terminal): run again with --yes to delete without asking.')
          return 1
        }
        if (answer.trim() !== org.slug) {
          io.error('Not confirmed: nothing was deleted.')
          return 1
        }
      }
      const deleted = await deleteOrg(db, fileStore(env), org.slug)
      if (!deleted) {
        io.error(`No org has the slug "${slug}" on this database any more: nothing was deleted.`)
        return 1
      }
      io.log(
        `Deleted "${deleted.name}" (${deleted.slug}): its rows, and ${deleted.blobsRemoved} stored file${deleted.blobsRemoved === 1 ? '' : 's'}` +
          (deleted.blobsShared ? ` (${deleted.blobsShared} kept: another org has the same file)` : '') +
          '.',
      )
      return 0
    } finally {
      await database.close()
    }
  })
}

/**
 * The browser journeys' demo servers (tests/e2e/serve.js runs this before it starts the server; decision
 * 035): the demo, and a copy of its content per target, an org of its own for each spec that changes
 * org-wide settings, on the database the environment names. Targets seeded already are left alone.
 */
export async function seedDemoCopies(targets: readonly DemoTarget[], source: NodeJS.ProcessEnv = process.env) {
  const env = commandEnv(source)
  const database = await open(env)
  try {
    await seedDemoOrgs(database.handle.db, env, [DEMO_TARGET, ...targets])
  } finally {
    await database.close()
  }
}

async function passwordFromFile(file: string) {
  try {
    return (await readFile(file, 'utf8')).split(/\r?\n/)[0]
  } catch (error) {
    throw new UsageError(`The password file cannot be read: ${(error as Error).message}`)
  }
}

async function askPassword(io: CommandIO) {
  const password = await io.ask("The owner's password (at least 12 characters, not shown): ", { secret: true })
  if (password === null) throw new UsageError(`No password: give --password-file FILE, or run the command in a terminal to be asked.\n${SETUP_USAGE}`)
  const again = await io.ask('The same password again: ', { secret: true })
  if (again !== password) throw new UsageError('The passwords do not match.')
  return password
}

/** The console: questions on the terminal (a secret answer is not echoed); null when stdin is no terminal. */
export function consoleIO(): CommandIO {
  return {
    log: (message) => console.log(message),
    error: (message) => console.error(message),
    async ask(question, options) {
      if (!process.stdin.isTTY) return null
      let muted = false
      const output = new Writable({
        write(chunk, _encoding, done) {
          if (!muted) process.stdout.write(chunk)
          done()
        },
      })
      const reader = createInterface({ input: process.stdin, output, terminal: true })
      try {
        process.stdout.write(question)
        muted = Boolean(options?.secret)
        return await new Promise<string>((resolve) => reader.question('', resolve))
      } finally {
        if (muted) process.stdout.write('\n')
        reader.close()
      }
    },
  }
}
