import type { Database } from '../db/index'

// A change refused half-way through its transaction: thrown, so nothing it wrote is kept, and turned
// into the answer the page shows. Staff review (/access-requests), /accounts, /updates and /subscribers
// decide this way.

export interface Refused<Field extends string = string> {
  ok: false
  status: 400 | 404 | 409
  message: string
  field?: Field
  /** The message without the subject's name, for a summary of several. */
  reason?: string
}

class Refusal extends Error {
  constructor(readonly result: Refused) {
    super(result.message)
  }
}

export function refuse<Field extends string>(status: Refused['status'], message: string, options: { field?: Field; reason?: string } = {}): never {
  throw new Refusal({ ok: false, status, message, ...options })
}

/** Runs `run` in a transaction: its result as `{ ok: true, value }`, or the refusal it threw. */
export async function refusable<Value, Field extends string = string>(db: Database, run: (trx: Database) => Promise<Value>): Promise<{ ok: true; value: Value } | Refused<Field>> {
  try {
    return { ok: true, value: await db.transaction().execute(run) }
  } catch (error) {
    if (error instanceof Refusal) return error.result as Refused<Field>
    throw error
  }
}

/** What a staff change answers: its toast message, or the refusal it threw. */
export type ChangeResult = { ok: true; message: string } | Refused

/** Runs a change in a transaction; `run` returns the toast message. */
export async function change(db: Database, run: (trx: Database) => Promise<string>): Promise<ChangeResult> {
  const result = await refusable(db, run)
  return result.ok ? { ok: true, message: result.value } : result
}
