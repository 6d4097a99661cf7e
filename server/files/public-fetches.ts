import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { DocumentFetch } from './fetches'

// Anonymous views and downloads are counted, not logged one by one (docs/decisions/027-anonymous-work.md):
// per file, item and UTC day, in memory, written in one upsert every few seconds and when the app closes,
// off the request path. Several app servers add up: `count = count + excluded.count`. Analytics reads
// the table (server/analytics/documents.ts).

export const PUBLIC_FETCH_FLUSH_MS = 5_000

interface Counted {
  org_id: string
  day: string
  action: DocumentFetch['action']
  document: string
  file_id: string | null
  item_uid: string | null
  via: string | null
  crawler: boolean
  name: string
  count: number
  last_fetched_at: Date
}

type Counter = ReturnType<typeof createCounter>
const counters = new WeakMap<Database, Counter>()

function createCounter(db: Database) {
  let counts = new Map<string, Counted>()
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()

  async function write() {
    const batch = counts
    counts = new Map()
    if (!batch.size) return
    try {
      await db
        .insertInto('public_document_fetches')
        .values([...batch.values()])
        .onConflict((conflict) =>
          conflict.columns(['org_id', 'day', 'action', 'document', 'item_uid', 'via', 'crawler']).doUpdateSet({
            count: sql`public_document_fetches.count + excluded.count`,
            name: sql`excluded.name`,
            last_fetched_at: sql`greatest(public_document_fetches.last_fetched_at, excluded.last_fetched_at)`,
          }),
        )
        .execute()
    } catch (error) {
      // Kept for the next round: a database that is away for a moment loses no count.
      for (const [key, row] of batch) add(key, row)
      console.error('[files] public views could not be counted yet:', error instanceof Error ? error.message : error)
    }
  }

  function add(key: string, row: Counted) {
    const known = counts.get(key)
    if (!known) counts.set(key, row)
    else {
      known.count += row.count
      if (row.last_fetched_at > known.last_fetched_at) Object.assign(known, { last_fetched_at: row.last_fetched_at, name: row.name })
    }
  }

  return {
    count(orgId: string, fetch: DocumentFetch, crawler: boolean, now: Date) {
      const row: Counted = {
        org_id: orgId,
        day: now.toISOString().slice(0, 10),
        action: fetch.action,
        document: fetch.fileId ?? `letter:${fetch.itemUid}`,
        file_id: fetch.fileId,
        item_uid: fetch.itemUid,
        via: fetch.via ?? null,
        crawler,
        name: fetch.name,
        count: 1,
        last_fetched_at: now,
      }
      add(JSON.stringify([row.org_id, row.day, row.action, row.document, row.item_uid, row.via, row.crawler]), row)
      if (!timer) {
        timer = setInterval(() => void flush(), PUBLIC_FETCH_FLUSH_MS)
        timer.unref()
      }
    },
    flush,
    stop() {
      clearInterval(timer)
      timer = undefined
      return flush()
    },
  }

  /** Writes what is counted; one write at a time, in order. */
  function flush() {
    writing = writing.then(write)
    return writing
  }
}

/** Counts an anonymous fetch, to be written with the next batch. */
export function countPublicFetch(db: Database, orgId: string, fetch: DocumentFetch, crawler: boolean, now = new Date()) {
  let counter = counters.get(db)
  if (!counter) counters.set(db, (counter = createCounter(db)))
  counter.count(orgId, fetch, crawler, now)
}

/** Writes the anonymous fetches counted so far (the app's close calls it; so may a test). */
export async function flushPublicFetches(db: Database) {
  await counters.get(db)?.flush()
}

/** Stops the timer and writes what is left: the app's close, before the database closes. */
export async function stopPublicFetches(db: Database) {
  await counters.get(db)?.stop()
}
