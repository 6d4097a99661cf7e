// Uploads built to freeze the server (issue 21): a .docx of tens of thousands of empty parts, one whose
// directory claims a gigabyte unpacked, one nested deeper than Office goes. Their directory is read first
// and they are refused with a message before any archive reader loads them; nothing is stored. On the built
// server, /healthz answers while such an upload is sent and checked (`npm run bench:uploads` prints figures).
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { action as documentsAction } from '../../app/routes/staff/documents/index'
import { ARCHIVE_TOO_COMPLEX, OFFICE_LIMITS, sniffDocumentType, UploadRejected } from '../../server/files/upload'
import { questionnaireFile } from '../../server/questionnaires/upload'
import { hugeClaimDocx, manyPartsDocx } from '../bench/hostile-files.js'
import { BACKENDS, describeEachDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { startServer } from '../setup/server'
import { staffCookie } from '../setup/staff'

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
const manyParts = manyPartsDocx(OFFICE_LIMITS.entries + 10_000)

async function refusal(bytes: Uint8Array, name: string) {
  return sniffDocumentType(bytes, name).then(
    (type) => `accepted as ${type}`,
    (error) => (error instanceof UploadRejected ? `${error.status}: ${error.message}` : `failed: ${error}`),
  )
}

describe('an Office document judged by its directory', () => {
  it('accepts a Word document within the bounds', async () => {
    expect(await sniffDocumentType(manyPartsDocx(100), 'a.docx')).toBe(WORD)
    expect(await sniffDocumentType(manyPartsDocx(100, { folder: 'word/media/a/b/c/d' }), 'a.docx')).toBe(WORD)
  })

  it('refuses more parts, more bytes unpacked or deeper folders than a real Office file has', async () => {
    expect(await refusal(manyParts, 'answers.docx')).toBe(`400: ${ARCHIVE_TOO_COMPLEX}`)
    expect(await refusal(hugeClaimDocx(0xfffffffe), 'answers.docx')).toBe(`400: ${ARCHIVE_TOO_COMPLEX}`)
    expect(await refusal(manyPartsDocx(3, { folder: 'a/b/c/d/e/f/g/h' }), 'answers.docx')).toBe(`400: ${ARCHIVE_TOO_COMPLEX}`)
    // A member's questionnaire says so too, rather than "wrong type".
    await expect(questionnaireFile(manyParts, 'answers.docx')).rejects.toThrow(ARCHIVE_TOO_COMPLEX)
  })
})

describeEachDatabase('a staff upload of a zip of many parts', (database) => {
  it('is refused with the message, and nothing is stored', async () => {
    const files = () => database().handle.db.selectFrom('files').select('id').execute()
    const before = await files()
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('documentAccessType', 'view-and-download')
    form.set('file', new File([new Uint8Array(manyParts)], 'Policies.docx', { type: WORD }))
    const result = await callRoute(documentsAction, database(), { path: '/documents?uploadModal=true', form, cookie: await staffCookie(database()) })
    expect(result.status).toBe(400)
    expect(JSON.stringify(result.data)).toContain(ARCHIVE_TOO_COMPLEX)
    expect(await files()).toEqual(before)
  })
})

/** The seeded admin's session cookie on a built server, signed in as a browser does. */
async function signIn(url: string) {
  const signedIn = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { origin: url },
    body: new URLSearchParams({ email: 'admin@northwind.test', password: 'northwind-demo' }),
    redirect: 'manual',
  })
  return signedIn.headers
    .getSetCookie()
    .find((value) => value.startsWith('tc_staff='))!
    .split(';')[0]
}

for (const backend of BACKENDS) {
  describe(`the built server checking a hostile upload (${backend})`, () => {
    it('answers /healthz while a zip of 400,000 parts is uploaded, and refuses it', { timeout: 120_000 }, async () => {
      const bytes = manyPartsDocx(400_000)
      const server = await startServer(backend)
      try {
        const cookie = await signIn(server.url)
        const form = new FormData()
        form.set('intent', 'upload')
        form.set('documentAccessType', 'view-and-download')
        form.set('file', new File([new Uint8Array(bytes)], 'Policies.docx', { type: WORD }))
        const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form })
        const body = Buffer.from(await encoded.arrayBuffer())
        let uploading = true
        const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port: Number(new URL(server.url).port),
              path: '/documents',
              method: 'POST',
              agent: false,
              headers: { host: new URL(server.url).host, origin: server.url, cookie, 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) },
            },
            (response) => {
              let text = ''
              response.on('data', (chunk) => (text += chunk))
              response.on('end', () => resolve({ status: response.statusCode!, body: text }))
            },
          )
          request.on('error', reject)
          request.end(body)
        }).finally(() => (uploading = false))
        // /healthz, one after another, for as long as the upload is under way.
        const health: number[] = []
        while (uploading) health.push((await fetch(`${server.url}/healthz`)).status)
        const answer = await upload
        console.log(
          `[upload inspection, ${backend}] ${(body.length / 1024 / 1024).toFixed(1)} MB upload answered ${answer.status}; /healthz answered ${health.length} times meanwhile`,
        )
        expect(answer.status).toBe(400)
        expect(answer.body).toContain(ARCHIVE_TOO_COMPLEX)
        expect(health.length).toBeGreaterThan(0)
        expect(new Set(health)).toEqual(new Set([200]))
      } finally {
        await server.stop()
      }
    })
  })
}

// The SVG and text checks run in the worker from the bundle too: its sources are inlined, nothing is
// looked for beside the built files (decision 026).
describe('the built server checking an SVG icon and text files in its worker', () => {
  it('renders a well-formed SVG icon, refuses a broken one, and tells text from bytes that are not UTF-8', { timeout: 120_000 }, async () => {
    const server = await startServer('pglite')
    try {
      const cookie = await signIn(server.url)
      const post = (path: string, fields: Record<string, string | File>) => {
        const form = new FormData()
        for (const [name, value] of Object.entries(fields)) form.set(name, value)
        return fetch(`${server.url}${path}`, { method: 'POST', headers: { origin: server.url, cookie }, body: form, redirect: 'manual' })
      }
      const icon = (svg: string) =>
        post('/', { intent: 'card.icon', returnTo: '/', kind: 'DataSecurity', mode: 'custom', icon: new File([svg], 'icon.svg', { type: 'image/svg+xml' }) })
      expect((await icon('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')).status).toBe(302)
      const broken = await icon('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')
      expect(broken.status).toBe(400)
      expect(await broken.text()).toContain('The icon must be a png, jpeg or svg image')

      const document = (bytes: Uint8Array<ArrayBuffer> | string, name: string) =>
        post('/documents', { intent: 'upload', documentAccessType: 'view-and-download', file: new File([bytes], name, { type: 'text/plain' }) })
      expect((await document('Plain notes, ünïcode included.\n', 'notes.txt')).status).toBe(302)
      const binary = await document(new Uint8Array([0x68, 0x69, 0xff, 0xfe]), 'binary.txt')
      expect(binary.status).toBe(400)
      expect(await binary.text()).toContain('This file type is not allowed')
    } finally {
      await server.stop()
    }
  })
})
