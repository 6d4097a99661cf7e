// The e-mail worker as its own process (`npm run worker`, bundled as build/server/worker.js): the outbox
// and the update fan-out without the web app, for deployments on PostgreSQL that keep sending off the
// app servers (EMAIL_WORKER=false there). Any number may run beside each other and beside app servers
// that still send: claims use FOR UPDATE SKIP LOCKED (decision 017).
import { openDatabase } from '../db/index'
import { migrateToLatest } from '../db/migrate'
import { startEmailWorker } from './email/worker'
import { env as readEnv, EnvError } from './env'

export interface WorkerProcess {
  database: 'postgres'
  /** SHUTDOWN_TIMEOUT_SECONDS: how long a stop may take before the process exits anyway. */
  shutdownTimeoutSeconds: number
  /** Finishes the round in flight (a batch is recorded as sent before exit), then closes the database. */
  close(): Promise<void>
}

export async function startWorkerProcess(): Promise<WorkerProcess> {
  const env = readEnv()
  if (!env.DATABASE_URL) {
    throw new EnvError('Invalid environment:\n  - DATABASE_URL: npm run worker needs PostgreSQL; with the embedded database the app server sends e-mail itself (npm start)')
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  try {
    // The same migrations as the app servers (Kysely's migrator locks, so whoever starts first applies them).
    await migrateToLatest(database.db)
  } catch (error) {
    await database.close()
    throw error
  }
  const worker = startEmailWorker(database.db, env)
  return {
    database: 'postgres',
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    async close() {
      await worker.stop()
      await database.close()
    },
  }
}
