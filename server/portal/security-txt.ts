import type { Database } from '../../db/index'
import type { PortalOrg } from './resolve'

// An org's /.well-known/security.txt (RFC 9116): where to report a vulnerability, from the security mailbox
// and the portal's "Report issue" site, valid for a year. Served on the deployment's host for the default
// org (as `/` is) and on a custom domain for that domain's org; none when the org names no contact.

/** The file's text for `org` as served at `canonical`, or null when the org has no contact to give. */
export async function securityTxt(db: Database, org: Pick<PortalOrg, 'id' | 'name' | 'portalUrl'>, now = new Date()): Promise<string | null> {
  const row = await db.selectFrom('portal_customizations').select(['security_mailbox', 'report_issue']).where('org_id', '=', org.id).executeTakeFirst()
  const contacts = securityContacts(row?.security_mailbox ?? null, row?.report_issue)
  if (!contacts.length) return null
  const origin = new URL(org.portalUrl).origin
  // A year ahead, from the start of today (UTC): the same text all day, so the stored answer holds.
  const expires = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()))
  return [
    `# ${org.name.replace(/[\p{Cc}\u2028\u2029]/gu, ' ')}: how to report a security issue (RFC 9116)`,
    ...contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${origin}/.well-known/security.txt`,
    '',
  ].join('\n')
}

/** The mailbox as a mailto: URI first, then the report-issue site when it is an https address. */
export function securityContacts(mailbox: string | null, reportIssue: unknown): string[] {
  const contacts: string[] = []
  // Stored values were checked when saved; a line break here would still add a field of its own.
  if (mailbox && /^[^\s@]+@[^\s@]+$/.test(mailbox)) contacts.push(`mailto:${mailbox}`)
  const site = (reportIssue ?? {}) as { onClickAction?: string; url?: unknown }
  if (site.onClickAction === 'url' && typeof site.url === 'string' && /^https:\/\/[^\s]+$/.test(site.url)) contacts.push(site.url)
  return contacts
}
