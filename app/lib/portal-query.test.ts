// The portal page's parameters in one list (app/lib/portal-query.ts): what tidying keeps, and a read of the
// portal's sources that fails when a visitor's page reads, or links with, a parameter the list lacks (such a
// link would lose its parameter to the redirect that drops junk). No database.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PORTAL_PAGE_PARAMS, tidyPortalQuery } from './portal-query'

const ROOT = path.resolve(import.meta.dirname, '../..')

describe('tidyPortalQuery', () => {
  it('keeps the parameters a portal page reads, spelt as they came, in their order', () => {
    expect(tidyPortalQuery('?card=Certifications&requestAccess=true&itemUid=a%20b', false)).toBe('?card=Certifications&requestAccess=true&itemUid=a%20b')
    expect(tidyPortalQuery('?faqs=true&faqQuery=how+do+you', false)).toBe('?faqs=true&faqQuery=how+do+you')
    expect(tidyPortalQuery('', false)).toBe('')
  })

  it('drops any other parameter, a repeated one, empty pairs and undecodable names', () => {
    expect(tidyPortalQuery('?utm_source=mail&card=Documents&gclid=123', false)).toBe('?card=Documents')
    expect(tidyPortalQuery('?x=1', false)).toBe('')
    expect(tidyPortalQuery('?', false)).toBe('')
    expect(tidyPortalQuery('?&&card=a&&', false)).toBe('?card=a')
    expect(tidyPortalQuery('?card=a&card=b', false)).toBe('?card=a')
    expect(tidyPortalQuery('?%E0%A4%A=1&card=a', false)).toBe('?card=a')
  })

  it('reads names as a form encodes them', () => {
    expect(tidyPortalQuery('?ca%72d=a', false)).toBe('?ca%72d=a')
    expect(tidyPortalQuery('?car+d=a', false)).toBe('')
  })

  it("keeps React Router's own parameters on a data request only", () => {
    expect(tidyPortalQuery('?card=a&_routes=routes%2Fportal', true)).toBe('?card=a&_routes=routes%2Fportal')
    expect(tidyPortalQuery('?card=a&_routes=routes%2Fportal', false)).toBe('?card=a')
  })

  it('is the same tidied twice', () => {
    const once = tidyPortalQuery('?x=1&card=a&card=b&email=a%40b.example&junk', false)
    expect(tidyPortalQuery(once, false)).toBe(once)
  })
})

/** The visitor's page: its loaders and the components it renders (the staff editor's modules apart). */
const PORTAL_SOURCES = ['app/routes/portal/portal.tsx', 'server/portal/view.ts', 'server/visitors/view.ts', 'server/questionnaires/portal.ts', 'app/components/portal/']
const EDITOR = /^app\/components\/portal\/editing\//

/** Reading a parameter, or linking with one through withQuery's changes. */
const READS = [
  /\b(?:search|searchParams|params)\.(?:get|has|getAll)\(\s*'([A-Za-z_]+)'/g,
  /\bintegerParam\(\s*\w+,\s*'([A-Za-z_]+)'/g,
  /\bparseIdList\(new URLSearchParams\([^)]*\)\.get\('([A-Za-z_]+)'/g,
]
/** Links only staff follow (editing, a preview's account): staff requests are never tidied. */
const STAFF_ONLY = new Set(['edit', 'dialog', 'target', 'accountId', 'permissionProfileId'])
const LINKS = /\bwithQuery\([^{)]*\{([^}]*)\}/g

function filesOf(entry: string): string[] {
  if (!entry.endsWith('/')) return [entry]
  return readdirSync(path.join(ROOT, entry), { withFileTypes: true }).flatMap((child) =>
    child.isDirectory() ? filesOf(`${entry}${child.name}/`) : /\.tsx?$/.test(child.name) && !child.name.includes('.test.') ? [`${entry}${child.name}`] : [],
  )
}

describe('the portal page reads only listed parameters', () => {
  const files = PORTAL_SOURCES.flatMap(filesOf).filter((file) => !EDITOR.test(file))

  it('finds the modules it reads', () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it('lists every parameter a visitor page reads or links with', () => {
    const unlisted: string[] = []
    let found = 0
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), 'utf8')
      const names = READS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]))
      for (const match of source.matchAll(LINKS)) {
        names.push(...[...match[1].matchAll(/(?:^|,)\s*([A-Za-z_]+)\s*(?::|,|$)/g)].map((key) => key[1]))
      }
      found += names.length
      for (const name of names) if (!PORTAL_PAGE_PARAMS.has(name) && !STAFF_ONLY.has(name)) unlisted.push(`${file}: ${name}`)
    }
    expect(found).toBeGreaterThan(40)
    expect(unlisted).toEqual([])
  })
})
