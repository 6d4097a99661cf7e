// A backup is one uncompressed tar (decision 043): manifest.json first, then every stored file as
// files/<sha256>, then the database (PGlite's data directory or a pg_dump archive), then, for an embedded
// deployment without SESSION_SECRET, the kept session secret. Written and read as streams.
import { z } from 'zod'
import { isSha256 } from '../files/store'

export const MANIFEST_ENTRY = 'manifest.json'
export const SESSION_SECRET_ENTRY = 'session-secret'
export const DATABASE_ENTRY = { pglite: 'database/pglite-data.tar.gz', postgres: 'database/postgres.dump' } as const
export const fileEntry = (sha256: string) => `files/${sha256}`
/** A manifest lists every file: far below this even for a store of a million files. */
export const MANIFEST_MAX_BYTES = 256 * 1024 * 1024

const sha256 = z.string().refine(isSha256, 'a SHA-256 in lower-case hex')

export const manifestSchema = z.object({
  format: z.literal('trust-center-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  /** The newest migration the database had run: restore refuses a backup newer than its own build. */
  schemaVersion: z.string(),
  createdAt: z.string(),
  /** Why it was written: by `npm run backup`, or by the server before it migrated an embedded database. */
  reason: z.enum(['manual', 'pre-migration']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    entry: z.string(),
    sha256,
    size: z.number().int().nonnegative(),
  }),
  rowCounts: z.record(z.string(), z.number().int().nonnegative()),
  /** False for a pre-migration backup: its files stay in the store (content-addressed, never rewritten). */
  filesIncluded: z.boolean(),
  files: z.array(z.object({ sha256, size: z.number().int().nonnegative() })),
  sessionSecret: z.boolean(),
})

export type Manifest = z.infer<typeof manifestSchema>

/** What the operator must fix (a running server, a non-empty target, a tampered file): its message, exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}
