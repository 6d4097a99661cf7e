import type { Route } from './+types/portal-feed'
import { resolvePortalOrg } from '@server/portal/resolve'
import { escapeHtml } from '@server/email/text'
import { feedUpdates } from '@server/updates/feed'
import { SHARED_PAGE_HEADER } from '@server/page-cache'

// An Atom feed of the portal's public updates (issue 8), as server/updates/feed.ts picks them: the same for
// everyone, so stored per content version (server/page-cache.ts).

/** Text for XML: escaped, and without the control characters XML 1.0 cannot carry at all. */
const escapeXml = (value: string) => escapeHtml(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const [customization, updates] = await Promise.all([
    context.db.selectFrom('portal_customizations').select(['portal_title', 'updated_at']).where('org_id', '=', org.id).executeTakeFirstOrThrow(),
    feedUpdates(context.db, org.id),
  ])
  const home = org.portalUrl.replace(/\/$/, '')
  const title = `${org.name} ${customization.portal_title} Updates`
  const updated = new Date(updates[0]?.updated_at ?? customization.updated_at).toISOString()
  const entries = updates.map((update) => {
    const link = `${home}/?tcuUid=${update.id}`
    return [
      '  <entry>',
      `    <id>urn:uuid:${update.id}</id>`,
      `    <title>${escapeXml(update.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <category term="${escapeXml(update.category)}" label="${escapeXml(update.subject)}"/>`,
      `    <published>${new Date(update.created_at).toISOString()}</published>`,
      `    <updated>${new Date(update.updated_at).toISOString()}</updated>`,
      `    <content type="text">${escapeXml(update.message)}</content>`,
      '  </entry>',
    ].join('\n')
  })
  const feed = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${home}/updates.atom`)}</id>`,
    `  <title>${escapeXml(title)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(org.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${home}/updates.atom`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${home}/`)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
  return new Response(feed, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': 'public, max-age=60', [SHARED_PAGE_HEADER]: 'public' } })
}
