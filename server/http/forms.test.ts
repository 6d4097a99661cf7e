import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldNameProblem, FORM_LIMITS, parseForm, readForm, schemaFieldNames } from './forms'

const post = (body: string, type = 'application/x-www-form-urlencoded') =>
  new Request('http://localhost/', { method: 'POST', headers: { 'content-type': type }, body })

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
