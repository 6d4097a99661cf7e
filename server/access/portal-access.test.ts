import { describe, expect, it } from 'vitest'
import { pictureAccess, portalAccess } from './portal-access'
import { PUBLIC_VIEWER, type AccessCheckedItem, type Viewer } from './visibility'

const item = (overrides: Partial<AccessCheckedItem> = {}): AccessCheckedItem => ({
  productId: 'p1',
  uid: 'data-processing-agreement',
  cardKind: 'Legal',
  enabledState: 'Enabled',
  publicAccess: true,
  hidden: false,
  cardHidden: false,
  ...overrides,
})

const staffWith = (...permissions: string[]): Viewer => ({
  mode: 'Main',
  grants: null,
  liveAccount: false,
  staff: { id: '1', name: 'Avery Morgan', email: 'a@x.test', permissions },
})
const account: Viewer = {
  mode: 'AccountExternal',
  grants: new Map([['p1', { allRestricted: true, cardKinds: new Set(), itemUids: new Set(), canDownload: true }]]),
  liveAccount: true,
}
const limited = { publicAccessLevel: 'Limited' as const }
const restrictedFile = { links: [item({ publicAccess: false })], iconOf: [], viewOnly: false }

describe('portalAccess', () => {
  it('withholds every item and file of a hidden card from visitors, not from staff', () => {
    const legal = item({ cardHidden: true })
    const visitor = portalAccess(PUBLIC_VIEWER, limited)
    expect(visitor.cardShown({ kind: 'Legal', hidden: true })).toBe(false)
    expect(visitor.item(legal)).toBe('withheld')
    expect(visitor.file({ links: [legal], iconOf: [], viewOnly: false }, false)).toBe('withheld')
    expect(portalAccess(account, limited).file({ links: [legal], iconOf: [], viewOnly: false }, true)).toBe('withheld')
    expect(portalAccess(staffWith(), limited).item(legal)).toBe('unlocked')
  })

  it("shows a card's icon where the card is shown, and withholds a hidden card's", () => {
    const visitor = portalAccess(PUBLIC_VIEWER, limited)
    const icon = (hidden: boolean) => ({ links: [], iconOf: [{ kind: 'Legal' as const, hidden }], viewOnly: false })
    expect(visitor.file(icon(false), false)).toBe('view')
    expect(visitor.file(icon(true), false)).toBe('withheld')
    expect(portalAccess(account, limited).file(icon(true), false)).toBe('withheld')
    expect(visitor.file({ ...icon(true), iconOf: [...icon(true).iconOf, { kind: 'Esg', hidden: false }] }, false)).toBe('view')
    expect(portalAccess(staffWith('files:view'), limited).file(icon(true), false)).toBe('view')
  })

  it('gives previewing staff no file their own permissions withhold, whatever the previewed profile grants', () => {
    const previewing = (...permissions: string[]): Viewer => ({ ...staffWith(...permissions), mode: 'Preview', grants: account.grants })
    expect(portalAccess(previewing('accounts'), limited).file(restrictedFile, false)).toBe('withheld')
    expect(portalAccess(previewing('accounts'), limited).canDownload(item({ publicAccess: false }), false)).toBe(false)
    expect(portalAccess(previewing('accounts', 'files:view', 'files:download'), limited).file(restrictedFile, true)).toBe('download')
    // The item itself is shown as the profile sees it.
    expect(portalAccess(previewing('accounts'), limited).item(item({ publicAccess: false }))).toBe('unlocked')
  })

  it('gives staff files only with the files permissions, and otherwise what the public gets', () => {
    expect(portalAccess(staffWith(), limited).file(restrictedFile, false)).toBe('withheld')
    expect(portalAccess(staffWith('statuspage:edit'), limited).file(restrictedFile, true)).toBe('withheld')
    expect(portalAccess(staffWith('files:view'), limited).file(restrictedFile, false)).toBe('view')
    expect(portalAccess(staffWith('files:view'), limited).file(restrictedFile, true)).toBe('withheld')
    expect(portalAccess(staffWith('files:download'), limited).file(restrictedFile, true)).toBe('download')
    expect(portalAccess(staffWith(), limited).file({ ...restrictedFile, links: [item()] }, true)).toBe('download')
    expect(portalAccess(staffWith(), limited).canDownload(item({ publicAccess: false }), false)).toBe(false)
    expect(portalAccess(staffWith('files:download'), limited).canDownload(item({ publicAccess: false }), true)).toBe(true)
  })

  it('shows a view-only file but refuses its download outside Main mode', () => {
    const viewOnly = { links: [item()], iconOf: [], viewOnly: true }
    expect(portalAccess(PUBLIC_VIEWER, limited).file(viewOnly, false)).toBe('view')
    expect(portalAccess(PUBLIC_VIEWER, limited).file(viewOnly, true)).toBe('view-only')
    expect(portalAccess(PUBLIC_VIEWER, limited).file(restrictedFile, false)).toBe('withheld')
    expect(portalAccess(account, limited).file(restrictedFile, true)).toBe('download')
  })

  it('reads the Overview text only when its item is unlocked', () => {
    const overview = (overrides: Partial<AccessCheckedItem>) => ({ ...item({ uid: 'overview', cardKind: 'Overview', ...overrides }), explanation: ' Welcome to Northwind. ' })
    const visitor = portalAccess(PUBLIC_VIEWER, limited)
    expect(visitor.overviewText(overview({}))).toBe('Welcome to Northwind.')
    expect(visitor.overviewText(overview({ publicAccess: false }))).toBeNull()
    expect(visitor.overviewText(overview({ publicAccess: false, hidden: true }))).toBeNull()
    expect(visitor.overviewText(overview({ enabledState: 'NotEnabled' }))).toBeNull()
    expect(visitor.overviewText(undefined)).toBeNull()
    expect(portalAccess(PUBLIC_VIEWER, { publicAccessLevel: 'Minimal' }).overviewText(overview({}))).toBe('Welcome to Northwind.')
  })

  it('shows private updates, staff details and the knowledge base only to whom they belong', () => {
    const visitor = portalAccess(PUBLIC_VIEWER, limited)
    expect(visitor.updateShown({ audience: 'private' })).toBe(false)
    expect(visitor.updateShown({ audience: 'public' })).toBe(true)
    expect(portalAccess(account, limited).updateShown({ audience: 'private' })).toBe(true)
    expect(portalAccess(staffWith(), limited).updateShown({ audience: 'private' })).toBe(true)
    expect(visitor.staffDetails).toBe(false)
    expect(portalAccess(account, limited).staffDetails).toBe(false)
    expect(portalAccess(staffWith(), limited).staffDetails).toBe(true)
    expect(visitor.faqsListed).toBe(true)
    expect(portalAccess(PUBLIC_VIEWER, { publicAccessLevel: 'Minimal' }).faqsListed).toBe(false)
    expect(portalAccess(account, { publicAccessLevel: 'Minimal' }).faqsListed).toBe(true)
  })

  it('shows a revoked or lapsed account, and staff previewing it, what the public sees of updates', () => {
    // No live access to any product: no grants, whatever the profile said (server/access/viewer.ts).
    const lapsed: Viewer = { mode: 'AccountExternal', grants: new Map(), liveAccount: false }
    expect(portalAccess(lapsed, limited).updateShown({ audience: 'private' })).toBe(false)
    expect(portalAccess(lapsed, limited).updateShown({ audience: 'public' })).toBe(true)
    expect(portalAccess({ ...staffWith('accounts'), mode: 'Preview', grants: new Map(), liveAccount: false }, limited).updateShown({ audience: 'private' })).toBe(false)
    // Live access with the NDA still to sign: no grants, but private updates, as their mail does.
    expect(portalAccess({ ...lapsed, liveAccount: true }, limited).updateShown({ audience: 'private' })).toBe(true)
  })

  it('lists an empty card only to staff, or with its placeholder under Limited', () => {
    const empty = { kind: 'Esg' as const, hidden: false }
    expect(portalAccess(PUBLIC_VIEWER, limited).cardListed(empty, 0)).toBe(false)
    expect(portalAccess(PUBLIC_VIEWER, limited).cardListed({ ...empty, placeholder: 'Coming soon' }, 0)).toBe(true)
    expect(portalAccess(PUBLIC_VIEWER, { publicAccessLevel: 'PublicContentOnly' }).cardListed({ ...empty, placeholder: 'Coming soon' }, 0)).toBe(false)
    expect(portalAccess(staffWith(), limited).cardListed({ ...empty, hidden: true }, 0)).toBe(true)
    expect(portalAccess(PUBLIC_VIEWER, limited).cardListed({ ...empty, hidden: true }, 3)).toBe(false)
  })

  it('checks staff permissions in Main mode', () => {
    expect(portalAccess(staffWith('statuspage:edit'), limited).can('statuspage:edit')).toBe(true)
    expect(portalAccess(staffWith('statuspage:edit'), limited).can('files:view')).toBe(false)
    expect(portalAccess(PUBLIC_VIEWER, limited).can('statuspage:edit')).toBe(false)
  })
})

describe('pictureAccess', () => {
  const trustedBy = (hidden: boolean) => ({ card: { kind: 'TrustedBy' as const, hidden } })
  const never = () => Promise.reject(new Error('the viewer is not read for a public picture'))

  it('gives a banner and a shown card’s logo to everyone without reading the viewer', async () => {
    expect(await pictureAccess(limited, [{ banner: true }], never)).toBe('public')
    expect(await pictureAccess(limited, [trustedBy(false)], never)).toBe('public')
    // A logo used by a hidden card and a shown one is shown where the card is.
    expect(await pictureAccess(limited, [trustedBy(true), { card: { kind: 'Subprocessors', hidden: false } }], never)).toBe('public')
  })

  it('withholds the logo of a hidden card, or of a company no card lists any more, from all but staff in Main mode', async () => {
    expect(await pictureAccess(limited, [trustedBy(true)], async () => PUBLIC_VIEWER)).toBe('withheld')
    expect(await pictureAccess(limited, [trustedBy(true)], async () => account)).toBe('withheld')
    expect(await pictureAccess(limited, [trustedBy(true)], async () => staffWith())).toBe('viewer')
    expect(await pictureAccess(limited, [], async () => staffWith())).toBe('withheld')
  })

  it('under Minimal, keeps company logos from anonymous visitors but not from members', async () => {
    const minimal = { publicAccessLevel: 'Minimal' as const }
    expect(await pictureAccess(minimal, [trustedBy(false)], async () => PUBLIC_VIEWER)).toBe('withheld')
    expect(await pictureAccess(minimal, [trustedBy(false)], async () => account)).toBe('viewer')
    expect(await pictureAccess(minimal, [{ banner: true }], never)).toBe('public')
  })
})
