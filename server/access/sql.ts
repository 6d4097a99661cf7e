import { sql, type RawBuilder } from 'kysely'
import { MINIMAL_PUBLIC_KINDS, privateUpdatesShown, PUBLIC_VIEWER, seesMinimalOnly, type PublicAccessLevel, type Viewer } from './visibility'

// The access policy of server/access/visibility.ts (itemAccess, cardShown, updateShown, faqsListed and the
// file rule of portal-access.ts), written as SQL conditions, so that search (and the Atom feed) filter inside
// their query and a result, a count or an excerpt can never come from a row the viewer may not see. The test
// tests/integration/search-access.test.ts compares every condition here with the JavaScript rule over
// every combination of an item's flags, viewers and access levels.

/** The facts of a viewer that the conditions read, for one product. */
export interface AccessParams {
  main: boolean
  minimalOnly: boolean
  contentOnly: boolean
  grantAll: boolean
  grantKinds: string[]
  grantUids: string[]
  /** privateUpdatesShown: staff in Main mode and live accounts. */
  privateUpdates: boolean
}

export function accessParams(viewer: Viewer, level: PublicAccessLevel, productId: string): AccessParams {
  const grants = viewer.grants?.get(productId) ?? null
  return {
    main: viewer.mode === 'Main',
    minimalOnly: seesMinimalOnly(viewer, level),
    contentOnly: level === 'PublicContentOnly',
    grantAll: grants?.allRestricted ?? false,
    grantKinds: grants ? [...grants.cardKinds] : [],
    grantUids: grants ? [...grants.itemUids] : [],
    privateUpdates: privateUpdatesShown(viewer),
  }
}

/** Documents are found as files are served: staff without `files:view` see them as the public does (portal-access.ts). */
export function documentViewer(viewer: Viewer): Viewer {
  const staffWithoutFiles = (viewer.mode === 'Main' || viewer.mode === 'Preview') && !(viewer.staff?.permissions.includes('files:view') ?? false)
  return staffWithoutFiles ? PUBLIC_VIEWER : viewer
}

/** A card of `kind` (its row `hidden`, null when the product has none) is shown: cardShown. */
export function cardShownSql(p: AccessParams, kind: RawBuilder<unknown>, hidden: RawBuilder<unknown>) {
  const listed = p.minimalOnly ? sql`${kind} = any(${MINIMAL_PUBLIC_KINDS}::text[])` : sql`${kind} <> 'CustomerData'`
  return p.main ? listed : sql`(${listed} and not coalesce(${hidden}, false))`
}

/** The item (alias `item`, its card `card`) is granted to the viewer. */
function grantedSql(p: AccessParams, item: string) {
  if (p.grantAll) return sql`true`
  return sql`(${sql.ref(`${item}.card_kind`)} = any(${p.grantKinds}::text[]) or ${sql.ref(`${item}.uid`)} = any(${p.grantUids}::text[]))`
}

/** itemAccess(...) === 'unlocked' for the item aliased `item`, whose card is aliased `card`. */
export function itemUnlockedSql(p: AccessParams, item: string, card: string) {
  const shown = cardShownSql(p, sql.ref(`${item}.card_kind`), sql.ref(`${card}.hidden`))
  if (p.main) return shown
  return sql`(${shown} and ${sql.ref(`${item}.enabled_state`)} <> 'NotEnabled' and (${sql.ref(`${item}.public_access`)} or ${grantedSql(p, item)}))`
}

/** itemAccess(...) === 'locked': its title and a lock are shown, nothing else. */
export function itemLockedSql(p: AccessParams, item: string, card: string) {
  if (p.main || p.contentOnly) return sql`false`
  const shown = cardShownSql(p, sql.ref(`${item}.card_kind`), sql.ref(`${card}.hidden`))
  return sql`(${shown} and ${sql.ref(`${item}.enabled_state`)} <> 'NotEnabled' and not ${sql.ref(`${item}.public_access`)} and not ${grantedSql(p, item)} and not ${sql.ref(`${item}.hidden`)})`
}

/**
 * The documents (file ids) found in product `productId` by the viewer of `d` (accessParams of documentViewer):
 * those for which portalAccess(...).file(...) is not 'withheld' for a file that is no card's icon, judged by
 * their links in this product. Staff in Main mode may open every file, so they find every one linked here.
 */
export function shownDocumentsSql(d: AccessParams, productId: string) {
  const through = d.main ? sql`true` : itemUnlockedSql(d, 'di', 'dc')
  return sql<{ file_id: string }>`
    select distinct df.file_id from item_files df
    join items di on di.id = df.item_id
    left join cards dc on dc.product_id = di.product_id and dc.kind = di.card_kind
    where di.product_id = ${productId} and ${through}
  `
}

/** The product's FAQ entries are listed: faqsListed (the knowledge base is not part of what Minimal publishes). */
export function faqsListedSql(p: AccessParams) {
  return p.minimalOnly ? sql`false` : sql`true`
}

/** The trust update aliased `update` (its topic `topic`) is on the portal at all: for someone, its topic not hidden. */
export function updateListedSql(update: string, topic: string) {
  return sql<boolean>`(not ${sql.ref(`${topic}.hidden`)} and ${sql.ref(`${update}.channel_portal`)})`
}

/** The trust update aliased `update` (its topic `topic`) is shown on the portal to this viewer: listed, and updateShown. */
export function updateShownSql(p: Pick<AccessParams, 'privateUpdates'>, update: string, topic: string) {
  const audience = p.privateUpdates ? sql`true` : sql`${sql.ref(`${update}.audience`)} = 'public'`
  return sql<boolean>`(${updateListedSql(update, topic)} and ${audience})`
}
