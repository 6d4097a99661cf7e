// Who sees what is decided in server/access only (docs/decisions/004-visibility.md; HOUSE-STYLE.md): a
// module elsewhere that filtered on an item's public access or hidden flag, a card's or topic's hidden
// flag, an update's audience or an account's access expiry would be a second copy of the rule, and a
// second copy one day disagrees with the first (issue 21: the portal showed private updates to a lapsed
// member while the mail rightly stopped). This reads the sources, no database.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The columns that decide visibility, and (FACTS) their names in the policy's types too. */
const COLUMNS = String.raw`(?:public_access|hidden|card_hidden|audience|access_expires_at)`
const FACTS = String.raw`(?:public_access|publicAccess|hidden|cardHidden|card_hidden|audience|access_expires_at|expired)`

/**
 * Ways of deciding on a fact: a Kysely condition on the column, SQL comparing it, JavaScript branching or
 * filtering on it, or an expiry compared with the clock.
 */
const DECIDING: { name: string; pattern: RegExp }[] = [
  { name: 'a Kysely condition', pattern: new RegExp(String.raw`\.(?:where|orWhere|having|on)\(\s*['"\`](?:[\w]+\.)?${FACTS}['"\`]`) },
  { name: 'an SQL condition', pattern: new RegExp(String.raw`\b(?:where|and|or|not)\s+(?:not\s+)?(?:coalesce\()?(?:\w+\.)?${COLUMNS}\b`) },
  { name: 'an SQL comparison', pattern: new RegExp(String.raw`\b(?:\w+\.)?${COLUMNS}\b(?:,\s*\w+\))?\s*(?:=|<>|!=|<=|>=|<|>|\bis\b)\s*(?:'|now\(|true|false|\$\{)`) },
  // Branching on it (if, !, a ternary, && or ||, an arrow's result), not passing it on (`hidden: card?.hidden ?? false`).
  { name: 'a condition in code', pattern: new RegExp(String.raw`(?:\bif\s*\(|!|\?\s|&&\s*|\|\|\s*|=>\s*!?)\(?[\w?.\[\]'"()]*\.${FACTS}\b(?!\s*[:=](?!=))`) },
  { name: 'a condition in code', pattern: new RegExp(String.raw`\.${FACTS}\b\s*(?:\?(?![.?])|&&|\|\|)`) },
  { name: 'an expiry against the clock', pattern: /access_expires_at[^\n]*(?:Date\.now\(\)|now\(\))/ },
]

/**
 * Modules that read these facts for another reason than deciding what a viewer sees, each with why: a
 * file, or a folder ending in /; `only` narrows the exception to the lines it matches. Keep it short: a
 * new entry needs the same scrutiny as a change to server/access.
 */
const ALLOWED: { file: string; reason: string; only?: RegExp }[] = [
  { file: 'app/routes/staff/', reason: 'staff pages show and edit these facts; staff see everything in Main mode' },
  { file: 'server/portal/editing/', reason: 'staff editing writes these facts (and guards who may change a document’s access)' },
  { file: 'server/accounts/accounts.ts', reason: 'the accounts page lists the restricted items a profile may grant, for staff' },
  { file: 'server/email/list.ts', reason: 'which staff may read a private update’s mails at /settings/outbox (staff permissions, decision 016)' },
  { file: 'server/updates/manage.ts', reason: 'the e-mail’s audience (all subscribers or a list) staff pick when publishing', only: /email\.audience/ },
  {
    file: 'server/visitors/access-request.ts',
    reason: 'Request Access outcomes (is this requester a member, live or expired), through accessLive: who may ask, not what anyone sees',
  },
  { file: 'server/visitors/expiry-notices.ts', reason: 'when the "access expires soon" mail is due' },
  { file: 'server/workspace/to-do.ts', reason: 'the staff home lists the accounts whose access ends this week, for staff to extend', only: /access_expires_at/ },
  { file: 'server/visitors/view.ts', reason: 'the member’s own account state: the access-expired dialog' },
  {
    file: 'server/portal/editor-view.ts',
    reason: 'staff in Main mode: the editor’s hidden cards and sections',
    only: /^(?:hiddenKinds|overview|certifications|overview_and_certifications|trusted_by|subprocessors|documents):/,
  },
  { file: 'server/portal/view.ts', reason: 'the Documents card’s Public / Private tabs over documents the policy already let through', only: /const has(?:Public|Private) =/ },
  { file: 'server/demo/seed.ts', reason: 'the demo seed writes the demo items’ access facts', only: /^public_access:/ },
]

const covers = (entry: (typeof ALLOWED)[number], finding: { file: string; code: string }) =>
  (entry.file.endsWith('/') ? finding.file.startsWith(entry.file) : finding.file === entry.file) && (!entry.only || entry.only.test(finding.code))

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
}

/** Where a module decides visibility itself, line by line (comments skipped). */
function decisionsIn(file: string, text: string) {
  const found: { file: string; line: number; way: string; code: string }[] = []
  text.split('\n').forEach((line, index) => {
    if (/^\s*(?:\/\/|\*|\/\*\*)/.test(line)) return
    const code = line.replace(/\s\/\/\s.*$/, '').trim()
    const way = DECIDING.find(({ pattern }) => pattern.test(code))
    if (way) found.push({ file, line: index + 1, way: way.name, code })
  })
  return found
}

const describeFinding = (finding: ReturnType<typeof decisionsIn>[number]) => `${finding.file}:${finding.line} (${finding.way}): ${finding.code}`

// The server, and the route modules (their loaders and actions); components only render what the server gave.
const files = [...sources('server'), ...sources('app/routes'), 'app/root.tsx'].filter((file) => !file.startsWith('server/access/'))

describe('one access policy', () => {
  it('scans the server and the routes, and not the policy itself', () => {
    expect(files).toContain('server/portal/view.ts')
    expect(files).toContain('app/routes/resources/portal-feed.ts')
    expect(files.some((file) => file.startsWith('server/access/'))).toBe(false)
  })

  it('recognises a module deciding visibility itself', () => {
    const examples = [
      ".where('updates.audience', '=', 'public')",
      ".where('items.public_access', '=', true)",
      'sql`select 1 from account_products where access_expires_at > now()`',
      'where not t.hidden and u.channel_portal',
      "const shown = rows.filter((row) => row.audience === 'public')",
      'if (item.hidden) continue',
      'const live = new Date(row.access_expires_at).getTime() > Date.now()',
      'return card.hidden ? null : card',
      'const open = !access.expired',
    ]
    for (const example of examples) expect(decisionsIn('example.ts', example), example).not.toEqual([])
    const innocent = [
      'const values = { hidden: input.hidden, public_access: input.publicAccess }',
      '<input type="hidden" name="intent" />',
      'audience: input.audience,',
      'const cardFacts = (kind: CardKind) => ({ kind, hidden: cardByKind.get(kind)?.hidden ?? false })',
    ]
    for (const example of innocent) expect(decisionsIn('example.ts', example), example).toEqual([])
  })

  const findings = files.flatMap((file) => decisionsIn(file, readFileSync(path.join(ROOT, file), 'utf8')))

  it('finds no visibility rule outside server/access but the explained exceptions', () => {
    expect(findings.filter((finding) => !ALLOWED.some((entry) => covers(entry, finding))).map(describeFinding)).toEqual([])
  })

  it('keeps no exception that nothing needs any more', () => {
    const unused = ALLOWED.filter((entry) => !findings.some((finding) => covers(entry, finding)))
    expect(unused.map((entry) => entry.file)).toEqual([])
  })
})
