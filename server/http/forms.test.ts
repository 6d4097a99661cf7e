import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldNameProblem, FORM_LIMITS, parseForm, readForm, readUploadForm, schemaFieldNames } from './forms'

const post = (body: string, type = 'application/x-www-form-urlencoded') => new Request('http://localhost/', { method: 'POST', headers: { 'content-type': type }, body })

describe('form bodies', () => {
  it('answers 400, not 500, for a form it cannot read', async () => {
    await expect(readForm(post('garbage', 'multipart/form-data; boundary=xx'))).rejects.toMatchObject({ init: { status: 400 } })
    expect((await readForm(post('a=1'))).get('a')).toBe('1')
  })

  it('refuses huge indices, deep paths, long names, reserved segments and too many fields before parsing', async () => {
    for (const body of [
      'email=bad&password=x&x%5B30000000%5D=1',
      `${Array.from({ length: 10_000 }, () => 'a').join('.')}=1`,
      `${'n'.repeat(FORM_LIMITS.maxNameLength + 1)}=1`,
      '__proto__.polluted=1',
      'a%5B%5D%5B=1',
      Array.from({ length: FORM_LIMITS.maxFields + 1 }, (_, index) => `f${index}=1`).join('&'),
      // Each name is allowed alone; together their indices would make Conform build and echo millions of slots.
      Array.from({ length: 999 }, (_, index) => `redirectTo[${index}][999][999][999][999]=1`).join('&'),
      'name=a%00b',
    ]) {
      await expect(readForm(post(body)), body.slice(0, 40)).rejects.toMatchObject({ init: { status: 400 } })
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('accepts the names real forms use', () => {
    for (const name of ['email', 'order[12]', 'links[3].url', 'permissions', 'gradeEntries[0].grade', 'x-y_z']) {
      expect(fieldNameProblem(name), name).toBeNull()
    }
  })
})

describe('parseForm', () => {
  const schema = z.object({ email: z.email(), name: z.string().max(5) })

  it("echoes only the schema's own fields, each bounded", () => {
    const formData = new FormData()
    formData.append('email', 'not-an-email')
    formData.append('name', 'x'.repeat(FORM_LIMITS.maxEchoLength + 1))
    formData.append('extra', 'y'.repeat(1000))
    formData.append('__state__', '{not json')
    const reply = parseForm(formData, schema).reply()
    expect(Object.keys(reply.initialValue ?? {}).sort()).toEqual(['email', 'name'])
    expect(reply.initialValue?.name).toBe('')
    expect(reply.fields).not.toContain('extra')
    expect(JSON.stringify(reply).length).toBeLessThan(1000)
  })

  it('reads the field names of refined, piped and union schemas', () => {
    expect([...schemaFieldNames(schema.refine(() => true))!].sort()).toEqual(['email', 'name'])
    expect([...schemaFieldNames(z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]))!].sort()).toEqual(['a', 'b'])
    expect(schemaFieldNames(z.string())).toBeNull()
  })
})

describe('readUploadForm', () => {
  const spoolDir = () => mkdtempSync(path.join(tmpdir(), 'tc-spool-'))
  const multipart = (form: FormData) => new Request('http://localhost/documents', { method: 'POST', body: form })
  const pdf = (size: number) => {
    const bytes = new Uint8Array(size).fill(0x20)
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
    return bytes
  }

  it('spools the file to disk with its SHA-256 and size, keeps the fields, and removes the spool when disposed', async () => {
    const dir = spoolDir()
    const bytes = pdf(3 * 1024 * 1024)
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('file', new File([bytes], 'Rapport d’audit – 2026.pdf', { type: 'application/pdf' }))
    const upload = await readUploadForm(multipart(form), { fileField: 'file', maxFileSize: 5 * 1024 * 1024, spoolDir: dir })
    if (!upload.ok) throw new Error(upload.problem)
    expect(upload.formData.get('intent')).toBe('upload')
    expect(upload.spooled).toMatchObject({ sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength })
    expect(readFileSync(upload.spooled!.path).equals(Buffer.from(bytes))).toBe(true)
    // The File in the form is read from the spool, under its UTF-8 name.
    const file = upload.formData.get('file') as File
    expect([file.name, file.size, file.type]).toEqual(['Rapport d’audit – 2026.pdf', bytes.byteLength, 'application/pdf'])
    await upload.dispose()
    expect(readdirSync(dir)).toEqual([])
  })

  it('stops reading at the size cap, answers 413 and leaves no spool behind', async () => {
    const dir = spoolDir()
    const form = new FormData()
    form.set('file', new File([pdf(2 * 1024 * 1024)], 'big.pdf'))
    expect(await readUploadForm(multipart(form), { fileField: 'file', maxFileSize: 1024 * 1024, spoolDir: dir })).toEqual({ ok: false, status: 413, problem: 'too-large' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a second file and a body that is not multipart as sent, keeping nothing', async () => {
    const dir = spoolDir()
    const form = new FormData()
    form.append('file', new File([pdf(1000)], 'a.pdf'))
    form.append('other', new File([pdf(1000)], 'b.pdf'))
    expect(await readUploadForm(multipart(form), { fileField: 'file', maxFileSize: 1024 * 1024, spoolDir: dir })).toMatchObject({
      ok: false,
      status: 400,
      problem: 'too-many-files',
    })
    const cut = new Request('http://localhost/documents', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 and then the body ends',
    })
    expect(await readUploadForm(cut, { fileField: 'file', maxFileSize: 1024 * 1024, spoolDir: dir })).toMatchObject({ ok: false, status: 400, problem: 'unreadable' })
    expect(readdirSync(dir)).toEqual([])
    // A small form without a file (delete, change a setting) is read as any form.
    const plain = await readUploadForm(new Request('http://localhost/documents', { method: 'POST', body: new URLSearchParams({ intent: 'delete' }) }), {
      fileField: 'file',
      maxFileSize: 1,
      spoolDir: dir,
    })
    expect(plain.ok && plain.formData.get('intent')).toBe('delete')
  })
})
