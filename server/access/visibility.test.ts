import { describe, expect, it } from 'vitest'
import { can, canDownload, cardShown, itemAccess, kindListed, PUBLIC_VIEWER, type AccessCheckedItem, type Grants, type Viewer } from './visibility'

const item = (overrides: Partial<AccessCheckedItem> = {}): AccessCheckedItem => ({
  productId: 'p1',
  uid: 'soc-2-type-2',
  cardKind: 'Reports',
  enabledState: 'Enabled',
  publicAccess: false,
  hidden: false,
  cardHidden: false,
  ...overrides,
})

const grants = (overrides: Partial<Grants> = {}): Grants => ({
  allRestricted: false,
  cardKinds: new Set(),
  itemUids: new Set(),
  canDownload: true,
  ...overrides,
})

const account = (g: Grants): Viewer => ({ mode: 'AccountExternal', grants: new Map([['p1', g]]), liveAccount: true })
const staff: Viewer = { mode: 'Main', grants: null, liveAccount: false, staff: { id: '1', name: 'A', email: 'a@x.test', permissions: [] } }

describe('itemAccess', () => {
  it('unlocks public items for everyone', () => {
    expect(itemAccess(item({ publicAccess: true }), PUBLIC_VIEWER, 'Limited')).toBe('unlocked')
  })

  it('locks restricted items under Limited and withholds them under PublicContentOnly', () => {
    expect(itemAccess(item(), PUBLIC_VIEWER, 'Limited')).toBe('locked')
    expect(itemAccess(item(), PUBLIC_VIEWER, 'PublicContentOnly')).toBe('withheld')
  })

  it('withholds hidden restricted items from anyone without a grant', () => {
    expect(itemAccess(item({ hidden: true }), PUBLIC_VIEWER, 'Limited')).toBe('withheld')
    expect(itemAccess(item({ hidden: true }), account(grants({ itemUids: new Set(['soc-2-type-2']) })), 'Limited')).toBe('unlocked')
  })

  it('withholds items that are not enabled, except from staff', () => {
    expect(itemAccess(item({ enabledState: 'NotEnabled', publicAccess: true }), PUBLIC_VIEWER, 'Limited')).toBe('withheld')
    expect(itemAccess(item({ enabledState: 'NotEnabled' }), staff, 'Limited')).toBe('unlocked')
    expect(itemAccess(item({ enabledState: 'WorkInProgress', publicAccess: true }), PUBLIC_VIEWER, 'Limited')).toBe('unlocked')
  })

  it('grants by whole card kind, single item, or all restricted content', () => {
    expect(itemAccess(item(), account(grants({ cardKinds: new Set(['Reports']) })), 'Limited')).toBe('unlocked')
    expect(itemAccess(item(), account(grants({ cardKinds: new Set(['Policies']) })), 'Limited')).toBe('locked')
    expect(itemAccess(item(), account(grants({ allRestricted: true })), 'PublicContentOnly')).toBe('unlocked')
  })

  it('shows anonymous visitors only the overview and certifications under Minimal', () => {
    expect(itemAccess(item({ publicAccess: true }), PUBLIC_VIEWER, 'Minimal')).toBe('withheld')
    expect(itemAccess(item({ cardKind: 'Certifications', publicAccess: true }), PUBLIC_VIEWER, 'Minimal')).toBe('unlocked')
    expect(kindListed('Reports', PUBLIC_VIEWER, 'Minimal')).toBe(false)
    expect(kindListed('Reports', account(grants()), 'Minimal')).toBe(true)
    expect(kindListed('CustomerData', staff, 'Limited')).toBe(false)
  })
})

describe('hidden cards', () => {
  it('withhold the card and every item of it from everyone but staff in Main mode', () => {
    const legal = { kind: 'Legal' as const, hidden: true }
    expect(cardShown(legal, PUBLIC_VIEWER, 'Limited')).toBe(false)
    expect(cardShown(legal, account(grants({ allRestricted: true })), 'Limited')).toBe(false)
    expect(cardShown(legal, staff, 'Limited')).toBe(true)
    const legalItem = item({ cardKind: 'Legal', publicAccess: true, cardHidden: true })
    expect(itemAccess(legalItem, PUBLIC_VIEWER, 'Limited')).toBe('withheld')
    expect(itemAccess(legalItem, account(grants({ allRestricted: true })), 'Limited')).toBe('withheld')
    expect(itemAccess(legalItem, { ...staff, mode: 'Preview', grants: new Map([['p1', grants({ allRestricted: true })]]) }, 'Limited')).toBe('withheld')
    expect(itemAccess(legalItem, staff, 'Limited')).toBe('unlocked')
  })
})

describe('can', () => {
  it('grants a staff permission in Main mode only', () => {
    const editor: Viewer = { ...staff, staff: { ...staff.staff!, permissions: ['statuspage:edit'] } }
    expect(can(editor, 'statuspage:edit')).toBe(true)
    expect(can(editor, 'files:view')).toBe(false)
    expect(can({ ...editor, mode: 'Preview' }, 'statuspage:edit')).toBe(false)
    expect(can(PUBLIC_VIEWER, 'statuspage:edit')).toBe(false)
  })
})

describe('canDownload', () => {
  it('never lets a visitor download a view-only file', () => {
    expect(canDownload(item({ publicAccess: true }), PUBLIC_VIEWER, true)).toBe(false)
    expect(canDownload(item({ publicAccess: true }), staff, true)).toBe(true)
  })

  it('follows the profile download flag for granted items', () => {
    const kinds = new Set(['Reports'])
    expect(canDownload(item(), account(grants({ cardKinds: kinds })), false)).toBe(true)
    expect(canDownload(item(), account(grants({ cardKinds: kinds, canDownload: false })), false)).toBe(false)
    expect(canDownload(item(), PUBLIC_VIEWER, false)).toBe(false)
  })
})
