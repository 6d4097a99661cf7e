import { isbot } from 'isbot'
import type { Database } from '../../db/index'
import { accountMember, type PortalViewer } from '../access/viewer'
import { recordAudit } from '../audit/record'
import { countPublicFetch } from './public-fetches'

/** A document that left the portal: one file, one letter, or one entry of a bulk archive. */
export interface DocumentFetch {
  action: 'file.view' | 'file.download'
  /** The stored file; null for a generated bridge letter. */
  fileId: string | null
  /** The item it was reached through (a letter's own item). */
  itemUid: string | null
  name: string
  via?: 'bulk-download' | 'letter'
}

/**
 * Every view and download by someone signed in is one audit entry with its account, member, document and
 * item in columns of their own: the audit log and the analytics page (issue 9) read the same rows. An
 * anonymous one names nobody: it is counted per document and day (server/files/public-fetches.ts), so a
 * loop on a public file writes no row per request. Crawlers fetch public documents too; their counts say
 * so, and analytics leaves them out.
 */
export async function recordDocumentFetches(
  db: Database,
  request: Request,
  clientAddress: string | null,
  org: { id: string },
  viewer: PortalViewer,
  fetches: readonly DocumentFetch[],
) {
  const userAgent = request.headers.get('user-agent')
  if (!viewer.staff && !viewer.account?.member) {
    for (const fetch of fetches) countPublicFetch(db, org.id, fetch, isbot(userAgent))
    return
  }
  const actor = viewer.staff?.email ?? viewer.account?.member?.email ?? (isbot(userAgent) ? `${viewer.mode} (bot)` : viewer.mode)
  const member = accountMember(viewer)
  await recordAudit(
    db,
    fetches.map((fetch) => ({
      orgId: org.id,
      actor,
      action: fetch.action,
      target: fetch.fileId ?? `letter:${fetch.itemUid}`,
      after: { name: fetch.name, ...(fetch.via ? { via: fetch.via } : {}), ...(member ? { account: viewer.account!.accountName } : {}) },
      ip: clientAddress,
      userAgent,
      document: { fileId: fetch.fileId, itemUid: fetch.itemUid, accountId: member ? viewer.account!.accountId : null, memberId: member?.id ?? null },
    })),
  )
}
