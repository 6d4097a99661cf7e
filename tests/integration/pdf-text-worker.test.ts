// PDF text read off the main thread (issue 12): a worker thread per file, with a time and a memory limit
// past which the file is marked failed and the next one still read; the main thread keeps serving while a
// PDF of hundreds of pages is parsed, and stopping the loop ends a worker mid-file at once.
import { Worker } from 'node:worker_threads'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createFile as storeFile, fileStore } from '../../server/files/store'
import { extractNext, startTextExtraction } from '../../server/search/extract'
import { inflatingPdf } from '../bench/hostile-files.js'
import { turnsWhile } from '../setup/event-loop'
import { describeEachDatabase } from '../setup/database'
import { createOrg, type OrgFixture } from '../setup/factories'

const BIG_PAGES = 400

/** A PDF with one line of text per entry of `pages`, one page each. */
async function textPdf(pages: string[]) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const text of pages) doc.addPage([400, 100]).drawText(text, { x: 10, y: 50, size: 10, font })
  return doc.save()
}

/** Hundreds of full pages: seconds of pdf.js work, which used to run between the server's requests. */
async function bigPdf() {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let number = 1; number <= BIG_PAGES; number++) {
    const page = doc.addPage([600, 800])
    for (let line = 0; line < 60; line++) page.drawText(`bigpage${number} line ${line} lorem ipsum dolor sit amet`, { x: 10, y: 780 - line * 12, size: 8, font })
  }
  return doc.save()
}

describeEachDatabase('PDF text worker', (database) => {
  const db = () => database().handle.db
  let org: OrgFixture
  let big: Uint8Array

  const upload = async (name: string, bytes: Uint8Array) => storeFile(db(), fileStore(database().env), { orgId: org.id, originalName: name, contentType: 'application/pdf', bytes })
  const status = async (id: string) => (await db().selectFrom('files').select('text_status').where('id', '=', id).executeTakeFirstOrThrow()).text_status
  const pages = (id: string) => db().selectFrom('search_entries').select(['page', 'body']).where('file_id', '=', id).where('page', '>', 0).orderBy('page').execute()

  beforeAll(async () => {
    org = await createOrg(database())
    big = await bigPdf()
    // The demo's PDFs first: each test then finds only its own files pending.
    while (await extractNext(db(), database().env));
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('indexes the pages of a PDF read in a worker thread', async () => {
    const file = await upload('worker-pages.pdf', await textPdf(['zqworkerfirst page', 'zqworkersecond page']))
    expect(await extractNext(db(), database().env)).toBe(true)
    expect(await status(file.id)).toBe('done')
    expect(await pages(file.id)).toEqual([
      { page: 1, body: 'zqworkerfirst page' },
      { page: 2, body: 'zqworkersecond page' },
    ])
    expect(await extractNext(db(), database().env)).toBe(false)
  })

  it('leaves a PDF pending while the file store cannot be reached, and reads it once it can', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const file = await upload('worker-outage.pdf', await textPdf(['zqworkeroutage page']))
    // The same data, its files in a bucket where nothing listens (port 9: discard, not served here).
    const outage = { ...database().env, S3_BUCKET: 'outage', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'x' }
    expect(await extractNext(db(), outage)).toBe(false)
    expect(await status(file.id)).toBe('pending')
    expect(errors.mock.calls.flat().join(' ')).toMatch(new RegExp(`text of file ${file.id} waits for the file store`))
    expect(await extractNext(db(), database().env)).toBe(true)
    expect(await status(file.id)).toBe('done')
  })

  it('marks a PDF failed once its time limit passes, with its id logged, and reads the next one', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const slow = await upload('worker-slow.pdf', big)
    const next = await upload('worker-next.pdf', await textPdf(['zqworkernext page']))
    // Ended by its limit, not read to the end: failed, with no page indexed and the limit's message.
    await extractNext(db(), database().env, { timeLimitMs: 50 })
    expect(await status(slow.id)).toBe('failed')
    expect(await pages(slow.id)).toEqual([])
    expect(errors).toHaveBeenCalledWith(`[search] could not read the text of file ${slow.id}:`, 'took longer than 0.05 s')
    // A fresh worker, under the usual limit.
    await extractNext(db(), database().env)
    expect(await status(next.id)).toBe('done')
    expect(await pages(next.id)).toEqual([{ page: 1, body: 'zqworkernext page' }])
  })

  it('marks a PDF failed when its worker runs out of memory, and reads the next one', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const file = await upload('worker-memory.pdf', big)
    const next = await upload('worker-after-memory.pdf', await textPdf(['zqworkeraftermemory page']))
    await extractNext(db(), database().env, { memoryLimitMb: 2 })
    expect(await status(file.id)).toBe('failed')
    expect(await pages(file.id)).toEqual([])
    expect(errors).toHaveBeenCalledWith(`[search] could not read the text of file ${file.id}:`, expect.stringContaining('memory limit'))
    await extractNext(db(), database().env)
    expect(await pages(next.id)).toEqual([{ page: 1, body: 'zqworkeraftermemory page' }])
  })

  // Issue 21: V8's heap limit does not count ArrayBuffers, where pdf.js keeps a stream's inflated bytes.
  it('marks a PDF failed when its content inflates past the memory limit, and reads the next one', { timeout: 60_000 }, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const bomb = await upload('worker-inflating.pdf', await inflatingPdf(1024))
    const next = await upload('worker-after-inflating.pdf', await textPdf(['zqworkerafterinflating page']))
    await extractNext(db(), database().env)
    expect(await status(bomb.id)).toBe('failed')
    expect(errors).toHaveBeenCalledWith(`[search] could not read the text of file ${bomb.id}:`, 'went past its memory limit (512 MB)')
    await extractNext(db(), database().env)
    expect(await pages(next.id)).toEqual([{ page: 1, body: 'zqworkerafterinflating page' }])
  })

  it('keeps the main thread responsive while a PDF of hundreds of pages is read', async () => {
    const file = await upload('worker-big.pdf', big)
    let read = false
    const reading = turnsWhile(() => extractNext(db(), database().env)).finally(() => (read = true))
    // A request served while the worker reads (seconds of pdf.js work): the database answers, the file not yet indexed.
    expect(await status(file.id)).toBe('pending')
    expect(read).toBe(false)
    const { turns } = await reading
    expect(turns).toBeGreaterThan(0)
    expect(await status(file.id)).toBe('done')
    const indexed = await pages(file.id)
    expect(indexed).toHaveLength(BIG_PAGES)
    expect(indexed[BIG_PAGES - 1].body).toContain(`bigpage${BIG_PAGES} line 59`)
  })

  it('ends a worker mid-file at once on stop(), leaving the file pending for the next start', async () => {
    const file = await upload('worker-stopped.pdf', big)
    // The loop starts at once; the file takes seconds to read. Stopped once a worker thread has the file.
    const handedOver = vi.spyOn(Worker.prototype, 'postMessage')
    const extraction = startTextExtraction(db(), database().env, { intervalMs: 60_000 })
    await vi.waitFor(() => expect(handedOver).toHaveBeenCalledWith(expect.objectContaining({ check: 'pdf-pages' }), expect.anything()), { timeout: 20_000, interval: 20 })
    // Ended mid-file, not read to the end: still pending, with no page indexed.
    await extraction.stop()
    expect(await status(file.id)).toBe('pending')
    expect(await pages(file.id)).toEqual([])
    // The other tests find no pending file of this one.
    await db().updateTable('files').set({ text_status: 'failed' }).where('id', '=', file.id).execute()
  })
})
