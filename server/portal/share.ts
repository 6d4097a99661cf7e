import type { Database } from '../../db/index'
import { isCardKind, type CardKind } from '../../app/lib/card-kinds'
import { accessChecked, itemAccess, PUBLIC_VIEWER } from '../access/visibility'
import { loadPortalData } from './queries'
import type { PortalOrg } from './resolve'

/**
 * Whether the org has a public portal to share (the Share popover, spec section 2.8): its home page, the
 * one the share links point at, lists to anonymous visitors at least one item besides the Overview, which
 * every portal has. Items are what staff publish, by enabling them; a portal with nothing enabled for the
 * public is a draft, and sharing it would show nobody anything (docs/decisions/021-share-and-questionnaires.md).
 * Read from the per-revision rows the page itself uses, through the one access rule.
 */
export async function publicPortalPublished(db: Database, org: Pick<PortalOrg, 'id' | 'publicAccessLevel'>) {
  const rows = await loadPortalData(db, org.id, {})
  if (!rows) return false
  return rows.items.some((row) => {
    if (!isCardKind(row.card_kind) || (row.card_kind as CardKind) === 'Overview') return false
    return itemAccess(accessChecked(row), PUBLIC_VIEWER, org.publicAccessLevel) !== 'withheld'
  })
}
