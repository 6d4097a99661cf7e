// Anonymous document views (issue 21, item 9), against the built server: no audit entry per view, a count
// per document and day written in a batch off the request path, and what is counted when the server stops
// cleanly (SIGTERM) is written before its database closes.
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/index'
import { BACKENDS } from '../setup/database'
import { rawRequest } from '../setup/raw-http'
import { startServer, type RunningServer } from '../setup/server'

for (const backend of BACKENDS) {
  describe(`anonymous document views (${backend})`, () => {
    let server: RunningServer | undefined
    afterEach(() => server?.stop())

    it('counts them per document and day, writes them at a clean stop, and logs no entry each', async () => {
      server = await startServer(backend)
      const html = (await rawRequest(server.url, '/')).body.toString('utf8')
      const [, path, fileId] = /href="(\/files\/([0-9a-f-]{36})[^"?]*)"/.exec(html) ?? []
      expect(fileId).toBeDefined()
      let stored: Awaited<ReturnType<typeof rawRequest>> | undefined
      for (let index = 0; index < 7; index++) expect((stored = await rawRequest(server.url, path)).status).toBe(200)
      // A HEAD of the stored document answers what its GET does, without the body, and is counted by nobody.
      const head = await rawRequest(server.url, path, {}, 'HEAD')
      expect({ status: head.status, type: head.headers['content-type'], length: head.headers['content-length'], body: head.body.byteLength }).toEqual({
        status: 200,
        type: stored!.headers['content-type'],
        length: String(stored!.body.byteLength),
        body: 0,
      })
      // A document that does not exist is a 404 for a HEAD as for a GET.
      const missing = path.replace(fileId, '00000000-0000-4000-8000-000000000000')
      expect((await rawRequest(server.url, missing, {}, 'HEAD')).status).toBe(404)
      expect((await rawRequest(server.url, missing)).status).toBe(404)
      await server.halt('SIGTERM')
      expect(server.output()).not.toContain('could not be counted')

      const handle = await openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
      try {
        const counted = await handle.db.selectFrom('public_document_fetches').select(['action', 'crawler', 'count']).where('file_id', '=', fileId).execute()
        expect(counted).toEqual([{ action: 'file.view', crawler: false, count: 7 }])
        const entries = await handle.db.selectFrom('audit_entries').select('id').where('file_id', '=', fileId).where('action', 'in', ['file.view', 'file.download']).execute()
        expect(entries).toEqual([])
      } finally {
        await handle.close()
      }
    }, 180_000)
  })
}
