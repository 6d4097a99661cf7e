// One place builds redirects, one reads form bodies, one decides the client address: a route that did
// any of these itself would bypass the guards (same-origin targets, field-name limits, TRUST_PROXY).
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
}

const files = [...sources('app'), ...sources('server')]
const offenders = (pattern: RegExp, allowed: string[]) => files.filter((file) => !allowed.includes(file) && pattern.test(readFileSync(path.join(ROOT, file), 'utf8')))

describe('one place for each request guard', () => {
  it('scans the app and the server', () => {
    expect(files).toContain('app/routes/auth/login.tsx')
    expect(files).toContain('server/portal/editing/index.ts')
  })

  it('builds every redirect through server/http/redirect.ts', () => {
    expect(offenders(/import\s*{[^}]*\bredirect\b[^}]*}\s*from\s*'react-router'/, ['server/http/redirect.ts'])).toEqual([])
    expect(offenders(/\bResponse\.redirect\(|['"]location['"]\s*:/i, [])).toEqual([])
  })

  it('reads every form body through server/http/forms.ts', () => {
    expect(offenders(/\.formData\(\)|\bparseFormData\(/, ['server/http/forms.ts'])).toEqual([])
  })

  it('decides the client address in server/http/client-address.ts only', () => {
    expect(offenders(/remoteAddress|x-forwarded-for/i, ['server/http/client-address.ts'])).toEqual([])
  })
})
