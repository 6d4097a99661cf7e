// The Request Access dialog and locked content's next step (issue 24 items 3, 4 and 16; decision 057): the
// dialog names the locked item it was opened from and never a withheld one, says what happens next, sends the
// visit's source; a sent request is remembered by a signed cookie and the banner says it is pending; locked
// items carry the summary, type and date staff set and nothing of their content; a member asks for an item
// their profile lacks. Each test builds an org of its own.
import { expect, it } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { bumpProductRevision } from '../../server/portal/revision'
import { REQUEST_COOKIE } from '../../server/http/pending-request'
import { describeEachDatabase } from '../setup/database'
import { accessRequestForm, createAccountWithMember, createItem, createOrg, createPermissionProfile, visitorCookie, type ItemFixture, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const YEAR = 365 * 86_400_000
const WITHHELD = 'Withheld-explanation-7f3a: the exception in CC6.2'

describeEachDatabase('the request dialog and locked content', (database) => {
  const db = () => database().handle.db
  let address = 0
  const nextAddress = () => `10.7.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  const portal = async (org: OrgFixture, options: { cookie?: string; query?: string } = {}) => {
    const result = await callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, cookie: options.cookie })
    expect(result.status).toBe(200)
    return result
  }

  const post = (org: OrgFixture, form: Record<string, string>, cookie?: string) =>
    callRoute(portalAction, database(), { path: org.home, params: org.params, form, cookie, clientAddress: nextAddress() })

  const requestForm = accessRequestForm

  async function setNote(item: ItemFixture, note: { summary?: string; type?: string; date?: string }) {
    await db()
      .updateTable('items')
      .set({ locked_summary: note.summary ?? null, locked_type: note.type ?? null, locked_date: note.date ?? null })
      .where('id', '=', item.id)
      .execute()
    await bumpProductRevision(db(), item.productId)
  }

  /** The tc_request cookie a response sets, as the browser sends it back. */
  const requestCookie = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${REQUEST_COOKIE}=`))
      ?.split(';')[0]

  it('names the locked item the dialog is opened from, and never a hidden, public or unknown one', async () => {
    const org = await createOrg(database())
    const locked = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted' })
    const hidden = await createItem(database(), org.product, { catalogueUid: 'penetration-test-summary', access: 'hidden' })
    const open = await createItem(database(), org.product, { catalogueUid: 'soc-3-report', access: 'public' })

    const named = (await portal(org, { query: `?requestAccess=true&itemUid=${locked.uid}` })).data.visitor!.accessModal!
    expect(named.item).toEqual({ uid: locked.uid, title: locked.title })

    for (const uid of [hidden.uid, open.uid, 'no-such-item']) {
      const result = await portal(org, { query: `?requestAccess=true&itemUid=${uid}` })
      expect(result.data.visitor!.accessModal!.item).toBeNull()
      if (uid === hidden.uid) expect(JSON.stringify(result.data)).not.toContain(hidden.title)
    }
  })

  it('says what happens next from the settings, and sends the visit’s source with the request', async () => {
    const org = await createOrg(database())
    const locked = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted' })
    const modal = (await portal(org, { query: '?requestAccess=true' })).data.visitor!.accessModal!
    expect(modal).toMatchObject({ reviewDays: 2, ndaRequired: false, source: 'direct_link' })

    await db().updateTable('portal_customizations').set({ review_days: 5 }).where('org_id', '=', org.id).execute()
    await db().updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
    const configured = (await portal(org, { query: '?requestAccess=true&source=LinkedIn' })).data.visitor!.accessModal!
    expect(configured).toMatchObject({ reviewDays: 5, ndaRequired: true, source: 'linkedin' })
    expect((await portal(org, { query: '?requestAccess=true&source=%3Cscript%3E' })).data.visitor!.accessModal!.source).toBe('direct_link')

    const email = `dana@fabrikam-${org.slug}.test`
    const sent = await post(org, requestForm(org, email, { source: 'linkedin', itemUid: locked.uid }))
    expect(sent.data).toMatchObject({ outcome: 'request_sent' })
    const row = await db().selectFrom('access_requests').select(['source', 'item_uid', 'kind']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(row).toEqual({ source: 'linkedin', item_uid: locked.uid, kind: 'access' })
  })

  it('remembers a sent request in a signed httpOnly cookie: the banner says it is pending, for this org and product only', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const email = `ann@acme-${org.slug}.test`
    const sent = await post(org, requestForm(org, email))
    expect(sent.data).toMatchObject({ outcome: 'request_sent' })
    const setCookie = sent.headers.getSetCookie().find((cookie) => cookie.startsWith(`${REQUEST_COOKIE}=`))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const cookie = requestCookie(sent.headers)!

    const before = await portal(org)
    expect(before.data.visitor!.pendingRequest).toBeNull()
    const after = await portal(org, { cookie })
    expect(after.data.visitor!.pendingRequest).toEqual({ email })
    // A personal page: never marked for the shared store.
    expect(after.headers.get('x-tc-shared-page')).toBeNull()

    // Another org's page, a forged or tampered cookie: nothing pending.
    expect((await portal(other, { cookie })).data.visitor!.pendingRequest).toBeNull()
    const forged = `${REQUEST_COOKIE}=${Buffer.from(JSON.stringify({ orgId: org.id, productId: org.product.id, email: 'x@y.test', sentAt: Date.now() })).toString('base64')}`
    expect((await portal(org, { cookie: forged })).data.visitor!.pendingRequest).toBeNull()
    const at = REQUEST_COOKIE.length + 6
    const tampered = `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`
    expect((await portal(org, { cookie: tampered })).data.visitor!.pendingRequest).toBeNull()
  })

  it('sets the cookie for every "request sent", so the banner tells no more than the dialog (an address with an account files nothing)', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const email = `member@existing-${org.slug}.test`
    await createAccountWithMember(database(), org, {
      name: 'Existing',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email },
    })
    const sent = await post(org, requestForm(org, email))
    expect(sent.data).toMatchObject({ outcome: 'request_sent' })
    expect(await db().selectFrom('access_requests').select('id').where('email', '=', email).execute()).toHaveLength(0)
    const cookie = requestCookie(sent.headers)!
    expect((await portal(org, { cookie })).data.visitor!.pendingRequest).toEqual({ email })

    // A refused address sets nothing.
    const refused = await post(org, requestForm(org, 'someone@gmail.com'))
    expect(refused.status).toBe(400)
    expect(requestCookie(refused.headers)).toBeUndefined()
  })

  it('shows a locked item’s summary, type and date, never its withheld text; a hidden item’s note never leaves the server', async () => {
    const org = await createOrg(database())
    const locked = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted', explanation: WITHHELD })
    const hidden = await createItem(database(), org.product, { catalogueUid: 'penetration-test-summary', access: 'hidden', explanation: WITHHELD })
    await setNote(locked, { summary: 'The auditor’s report on our controls.', type: 'Audit report', date: '2026-04-30' })
    await setNote(hidden, { summary: 'Hidden-summary-91bc', type: 'Test summary' })
    const policy = await createItem(database(), org.product, { kind: 'Documents', title: 'Security policy', access: 'restricted', explanation: WITHHELD })
    await setNote(policy, { summary: 'The policy our programme is built on.', type: 'Policy' })

    const result = await portal(org, { query: `?itemUid=${locked.uid}` })
    const item = result.data.openCard!.items.find((entry) => entry.uid === locked.uid)!
    expect(item.locked).toBe(true)
    expect(item.lockedNote).toEqual({ summary: 'The auditor’s report on our controls.', type: 'Audit report', date: '2026-04-30' })
    expect(item.explanation).toBeUndefined()
    const page = JSON.stringify(result.data)
    // A locked document in the documents card: its note, and one entry standing for its files.
    const document = result.data.documents!.entries.find((entry) => entry.itemUid === policy.uid)!
    expect(document).toMatchObject({ locked: true, lockedNote: { summary: 'The policy our programme is built on.', type: 'Policy', date: null } })
    expect(document.file).toBeUndefined()
    expect(page).not.toContain(WITHHELD)
    expect(page).not.toContain('Hidden-summary-91bc')

    // A member granted the item reads the item itself: no note in its place.
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const account = await createAccountWithMember(database(), org, {
      name: 'Granted',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email: `m@granted-${org.slug}.test` },
    })
    const cookie = await visitorCookie(database(), org, account.memberId)
    const granted = (await portal(org, { cookie, query: `?itemUid=${locked.uid}` })).data.openCard!.items.find((entry) => entry.uid === locked.uid)!
    expect(granted).toMatchObject({ locked: false, explanation: WITHHELD })
    expect(granted.lockedNote).toBeUndefined()
  })

  it('files a member’s request for an item their profile lacks with the item named; refuses a hidden or public one with 400', async () => {
    const org = await createOrg(database())
    const wanted = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted' })
    const hidden = await createItem(database(), org.product, { catalogueUid: 'penetration-test-summary', access: 'hidden' })
    const open = await createItem(database(), org.product, { catalogueUid: 'soc-3-report', access: 'public' })
    const profile = await createPermissionProfile(database(), org.product, { name: 'Basics', itemUids: [] })
    const email = `m@basics-${org.slug}.test`
    const account = await createAccountWithMember(database(), org, {
      name: 'Basics Co',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email },
    })
    const cookie = await visitorCookie(database(), org, account.memberId)

    for (const uid of [hidden.uid, open.uid, 'no-such-item']) {
      const refused = await post(org, { intent: 'request-item', itemUid: uid }, cookie)
      expect(refused.status).toBe(400)
    }
    expect(await db().selectFrom('access_requests').select('id').where('org_id', '=', org.id).execute()).toHaveLength(0)
    // Not signed in: 401.
    expect((await post(org, { intent: 'request-item', itemUid: wanted.uid })).status).toBe(401)

    const sent = await post(org, { intent: 'request-item', itemUid: wanted.uid }, cookie)
    expect(sent.data).toEqual({ intent: 'request-item', outcome: 'request_sent' })
    const row = await db().selectFrom('access_requests').select(['kind', 'item_uid', 'status', 'email']).where('org_id', '=', org.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ kind: 'extend', item_uid: wanted.uid, status: 'pending', email })
    const notice = await db().selectFrom('outbox').select('subject').where('org_id', '=', org.id).where('subject', 'like', '%for%').execute()
    expect(notice.some((mail) => mail.subject?.includes(wanted.title))).toBe(true)

    // A second while the first is pending: already requested, nothing more filed.
    const again = await post(org, { intent: 'request-item', itemUid: wanted.uid }, cookie)
    expect(again.data).toEqual({ intent: 'request-item', outcome: 'already_requested' })
    expect(await db().selectFrom('access_requests').select('id').where('org_id', '=', org.id).execute()).toHaveLength(1)
  })
})
