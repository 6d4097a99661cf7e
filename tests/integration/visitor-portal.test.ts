// The portal as others see it (PRODUCT.md sections 1 and 3): staff previewing an account or a permission
// profile, account members commenting on items, and every visitor form refused when posted from another
// site (checked on the real built server, where the Origin check lives).
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { hashToken, newToken } from '../../server/auth/tokens'
import { BACKENDS, describeEachDatabase } from '../setup/database'
import { createAccount, createItem, createMember, createOrg, createProduct, createStaffMember, createPermissionProfile, visitorCookie, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'
import { startServer, type RunningServer } from '../setup/server'

const DAY = 86_400_000

describeEachDatabase('portal preview and comments', (database) => {
  const db = () => database().handle.db

  let address = 0
  const nextAddress = () => `10.3.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  const portal = (org: OrgFixture, options: { cookie?: string; query?: string } = {}) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, cookie: options.cookie })
  const post = (org: OrgFixture, form: Record<string, string>, options: { cookie?: string; query?: string } = {}) =>
    callRoute(portalAction, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, form, cookie: options.cookie, clientAddress: nextAddress() })
  const gridItem = (view: PortalView, uid: string) => view.cards.flatMap((card) => card.items).find((item) => item.uid === uid)

  /** Two restricted items; a profile granting the first card kind only, and an account holding it. */
  async function previewOrg(options: { expired?: boolean } = {}) {
    const org = await createOrg(database())
    const granted = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', access: 'restricted' })
    const withheld = await createItem(database(), org.product, { kind: 'Legal', title: 'Master services agreement', access: 'restricted' })
    const profile = await createPermissionProfile(database(), org.product, { name: 'Data security only', cardKinds: ['DataSecurity'] })
    const account = await createAccount(database(), org, {
      name: 'Contoso',
      access: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + (options.expired ? -DAY : 30 * DAY)) }],
    })
    return { org, granted, withheld, profile, account }
  }

  // ---- Preview --------------------------------------------------------------------------------------

  it('shows staff the portal as an account sees it, without edit tools', async () => {
    const { org, granted, withheld, account } = await previewOrg()
    const main = await portal(org, { cookie: org.admin.cookie })
    expect(main.data.mode).toBe('Main')
    expect(main.data.editor).not.toBeNull()

    const preview = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${account.id}` })
    expect(preview.status).toBe(200)
    expect(preview.data.mode).toBe('Preview')
    expect(preview.data.editor).toBeNull()
    expect(preview.data.visitor?.preview).toMatchObject({ accountName: 'Contoso', profileName: null })
    expect(gridItem(preview.data, granted.uid)?.locked).toBe(false)
    expect(gridItem(preview.data, withheld.uid)?.locked).toBe(true)
    // Neither the edit switch nor a staff dialog brings the tools back.
    const editing = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${account.id}&card=DataSecurity&edit=true&dialog=reorder-sections` })
    expect(editing.data.mode).toBe('Preview')
    expect(editing.data.editor).toBeNull()
    const opened = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${account.id}&itemUid=${granted.uid}` })
    expect(opened.data.openCard?.items.find((item) => item.uid === granted.uid)).toMatchObject({ locked: false })
  })

  it('previews a permission profile, and an expired account as locked', async () => {
    const { org, granted, withheld, profile } = await previewOrg()
    const byProfile = await portal(org, { cookie: org.admin.cookie, query: `?permissionProfileId=${profile.id}` })
    expect(byProfile.data.mode).toBe('Preview')
    expect(byProfile.data.editor).toBeNull()
    expect(byProfile.data.visitor?.preview).toMatchObject({ accountName: null, profileName: 'Data security only' })
    expect(gridItem(byProfile.data, granted.uid)?.locked).toBe(false)
    expect(gridItem(byProfile.data, withheld.uid)?.locked).toBe(true)

    const expired = await createAccount(database(), org, { name: 'Lapsed', access: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() - DAY) }] })
    const lapsed = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${expired.id}` })
    expect(lapsed.data.mode).toBe('Preview')
    expect(gridItem(lapsed.data, granted.uid)?.locked).toBe(true)

    // Staff preview the content, not the signing: an NDA the account has yet to sign does not lock it.
    await db().updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
    await db().updateTable('portal_customizations').set({ nda_text: 'Keep it secret.' }).where('org_id', '=', org.id).execute()
    const underNda = await createAccount(database(), org, { name: 'Under NDA', access: [{ productId: org.product.id, profileId: profile.id, ndaRequired: true }] })
    const unsigned = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${underNda.id}` })
    expect(gridItem(unsigned.data, granted.uid)?.locked).toBe(false)
    expect(unsigned.data.visitor?.ndaDialog).toBeNull()
  })

  it('keeps the preview when staff switch product, and leaves other visitors’ product links bare', async () => {
    const { org, account, profile } = await previewOrg()
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    const hrefs = (view: PortalView) => view.products.map((product) => product.href).sort()
    const byAccount = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${account.id}` })
    expect(hrefs(byAccount.data)).toEqual([`${org.home}/?accountId=${account.id}`, `${org.home}/product/${mobile.slug}?accountId=${account.id}`])
    const byProfile = await portal(org, { cookie: org.admin.cookie, query: `?permissionProfileId=${profile.id}` })
    expect(hrefs(byProfile.data)).toContain(`${org.home}/product/${mobile.slug}?permissionProfileId=${profile.id}`)
    // Followed, the other product's page is still the preview.
    const switched = await callRoute<PortalView>(portalLoader as never, database(), {
      path: `${org.home}/product/${mobile.slug}?accountId=${account.id}`,
      params: { ...org.params, productSlug: mobile.slug },
      cookie: org.admin.cookie,
    })
    expect(switched.data.mode).toBe('Preview')
    expect(switched.data.visitor?.preview).toMatchObject({ accountName: 'Contoso' })
    // Staff in Main mode and the public follow plain links.
    expect(hrefs((await portal(org, { cookie: org.admin.cookie })).data)).toEqual([`${org.home}/`, `${org.home}/product/${mobile.slug}`])
    expect(hrefs((await portal(org, { query: `?accountId=${account.id}` })).data)).toEqual([`${org.home}/`, `${org.home}/product/${mobile.slug}`])
  })

  it('answers 404 for another org’s account or profile, or a malformed id', async () => {
    const { org } = await previewOrg()
    const other = await previewOrg()
    for (const query of [
      `?accountId=${other.account.id}`,
      `?permissionProfileId=${other.profile.id}`,
      '?accountId=not-a-uuid',
      '?accountId=00000000-0000-4000-8000-000000000000',
    ]) {
      const answered = await portal(org, { cookie: org.admin.cookie, query })
      expect({ query, status: answered.status }).toEqual({ query, status: 404 })
    }
  })

  it('never previews for someone who is not staff of the org', async () => {
    const { org, granted, account } = await previewOrg()
    const query = `?accountId=${account.id}`

    const anonymous = await portal(org, { query })
    expect(anonymous.data.mode).toBe('Public')
    expect(anonymous.data.visitor?.preview).toBeNull()
    expect(gridItem(anonymous.data, granted.uid)?.locked).toBe(true)

    // A member of another account of the org stays in their own account.
    const nobody = await createAccount(database(), org, { name: 'No access' })
    const member = await createMember(database(), nobody, { email: `outsider-${org.slug}@example.test` })
    const asMember = await portal(org, { query, cookie: await visitorCookie(database(), org, member.id) })
    expect(asMember.data.mode).toBe('AccountExternal')
    expect(asMember.data.visitor?.account?.accountName).toBe('No access')
    expect(gridItem(asMember.data, granted.uid)?.locked).toBe(true)

    // Staff of another org are visitors here.
    const elsewhere = await createOrg(database())
    const foreignStaff = await portal(org, { query, cookie: elsewhere.admin.cookie })
    expect(foreignStaff.data.mode).toBe('Public')
    expect(gridItem(foreignStaff.data, granted.uid)?.locked).toBe(true)
  })

  // ---- Comments -------------------------------------------------------------------------------------

  async function commentsOrg(enabled = true) {
    const { org, granted, withheld, profile, account } = await previewOrg()
    await db().updateTable('portal_customizations').set({ comments_enabled: enabled }).where('org_id', '=', org.id).execute()
    const member = await createMember(database(), account, { email: `alice-${org.slug}@contoso.test`, firstName: 'Alice', lastName: 'Example' })
    const otherAccount = await createAccount(database(), org, { name: 'Fabrikam', access: [{ productId: org.product.id, profileId: profile.id }] })
    const stranger = await createMember(database(), otherAccount, { email: `bob-${org.slug}@fabrikam.test`, firstName: 'Bob', lastName: 'Other' })
    return {
      org,
      granted,
      withheld,
      account,
      member,
      memberCookie: await visitorCookie(database(), org, member.id),
      strangerCookie: await visitorCookie(database(), org, stranger.id),
    }
  }
  const commentRows = (org: { id: string }) => db().selectFrom('item_comments').selectAll().where('org_id', '=', org.id).execute()

  it('keeps a member’s comment in their account’s thread, out of sight of other accounts', async () => {
    const { org, granted, account, member, memberCookie, strangerCookie } = await commentsOrg()
    const query = `?itemUid=${granted.uid}`
    const posted = await post(org, { intent: 'comment', itemUid: granted.uid, content: '  Which key management service do you use?  ' }, { cookie: memberCookie, query })
    expect(posted.status).toBe(302)
    expect(posted.location).toBe(`${org.home}${query}`)
    expect(await commentRows(org)).toEqual([
      expect.objectContaining({
        item_uid: granted.uid,
        account_id: account.id,
        member_id: member.id,
        staff_member_id: null,
        author_name: 'Alice Example',
        content: 'Which key management service do you use?',
      }),
    ])

    const own = await portal(org, { cookie: memberCookie, query })
    expect(own.data.visitor?.commentsEnabled).toBe(true)
    expect(own.data.visitor?.comments?.itemUid).toBe(granted.uid)
    expect(own.data.visitor?.comments?.threads.flatMap((thread) => thread.entries)).toEqual([
      expect.objectContaining({ content: 'Which key management service do you use?', authorName: 'Alice Example', outgoing: true }),
    ])

    const other = await portal(org, { cookie: strangerCookie, query })
    expect(other.data.mode).toBe('AccountExternal')
    expect(other.data.visitor?.comments?.threads.flatMap((thread) => thread.entries)).toEqual([])
    expect(JSON.stringify(other.data)).not.toContain('key management')

    const anonymous = await portal(org, { query })
    expect(anonymous.data.visitor?.comments).toBeNull()
    expect(JSON.stringify(anonymous.data)).not.toContain('key management')
  })

  it('refuses an empty comment, an anonymous one, and any comment while comments are off', async () => {
    const { org, granted, memberCookie } = await commentsOrg()
    const empty = await post(org, { intent: 'comment', itemUid: granted.uid, content: '   ' }, { cookie: memberCookie })
    expect(empty.status).toBe(400)
    expect(empty.data.result.error).toEqual({ content: ['Type a message'] })
    expect((await post(org, { intent: 'comment', itemUid: granted.uid, content: 'Hello' })).status).toBe(401)
    expect(await commentRows(org)).toEqual([])

    const off = await commentsOrg(false)
    const refused = await post(off.org, { intent: 'comment', itemUid: off.granted.uid, content: 'Hello' }, { cookie: off.memberCookie })
    expect(refused.status).toBe(403)
    expect(await commentRows(off.org)).toEqual([])
    expect((await portal(off.org, { cookie: off.memberCookie, query: `?itemUid=${off.granted.uid}` })).data.visitor?.comments).toBeNull()
  })

  it('shows staff every account’s thread and lets them answer only when customer accounts are theirs to handle', async () => {
    const { org, granted, account, memberCookie } = await commentsOrg()
    const query = `?itemUid=${granted.uid}`
    await post(org, { intent: 'comment', itemUid: granted.uid, content: 'Is the key rotated yearly?' }, { cookie: memberCookie, query })

    const reviewer = await createStaffMember(database(), `reviewer-${org.slug}@northwind.test`, ['access-requests'], { org, name: 'Rita Reviewer' })
    const threads = (await portal(org, { cookie: reviewer, query })).data.visitor?.comments?.threads
    expect(threads?.map((thread) => thread.accountName)).toContain('Contoso')
    const answered = await post(org, { intent: 'comment', itemUid: granted.uid, accountId: account.id, content: 'Yes, every year.' }, { cookie: reviewer, query })
    expect(answered.status).toBe(302)

    for (const permissions of [['documents'], ['statuspage:edit', 'files:view']]) {
      const staff = await createStaffMember(database(), `${permissions[0].replace(':', '-')}-${org.slug}@northwind.test`, permissions, { org })
      const view = await portal(org, { cookie: staff, query })
      expect(view.data.mode).toBe('Main')
      expect(view.data.visitor?.comments).toBeNull()
      expect(JSON.stringify(view.data)).not.toContain('rotated yearly')
      const refused = await post(org, { intent: 'comment', itemUid: granted.uid, accountId: account.id, content: 'Not mine to answer.' }, { cookie: staff, query })
      expect(refused.status).toBe(403)
    }
    expect((await commentRows(org)).map((row) => row.content).sort()).toEqual(['Is the key rotated yearly?', 'Yes, every year.'])
  })

  it('refuses a comment on an item the member cannot see unlocked, or that does not exist', async () => {
    const { org, withheld, memberCookie } = await commentsOrg()
    const locked = await post(org, { intent: 'comment', itemUid: withheld.uid, content: 'What does clause 7 say?' }, { cookie: memberCookie })
    expect(locked.status).toBe(403)
    const unknown = await post(org, { intent: 'comment', itemUid: 'no-such-item', content: 'Hello' }, { cookie: memberCookie })
    expect(unknown.status).toBe(403)
    expect(await commentRows(org)).toEqual([])
  })
})

// ---- Cross-site posts, on the real server ---------------------------------------------------------------

for (const backend of BACKENDS) {
  describe(`visitor forms posted from another site (${backend})`, () => {
    let server: RunningServer
    let address = 0
    const sessionToken = newToken()
    const linkToken = newToken()
    const memberEmail = 'cross-site@contoso-cross.test'
    let itemUid = ''
    let productId = ''

    /** A raw request, so nothing normalises the Origin or Referer sent. */
    function send(path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
      const body = init.body === undefined ? undefined : Buffer.from(init.body)
      return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, {
          method: body ? 'POST' : 'GET',
          headers: {
            'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}`,
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.byteLength) } : {}),
            ...init.headers,
          },
        })
        request.on('response', (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }))
        })
        request.on('error', reject)
        request.end(body)
      })
    }
    const encode = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

    beforeAll(async () => {
      server = await startServer(backend, { TRUST_PROXY: '1' }, async (db) => {
        // A member of the demo org, signed in, with an unused login link; comments and a clickwrap NDA on.
        const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
        const product = await db.selectFrom('products').select('id').where('org_id', '=', org.id).where('is_default', '=', true).executeTakeFirstOrThrow()
        const item = await db.selectFrom('items').select('uid').where('product_id', '=', product.id).where('public_access', '=', true).limit(1).executeTakeFirstOrThrow()
        itemUid = item.uid
        productId = product.id
        await db.updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
        await db.updateTable('portal_customizations').set({ comments_enabled: true, nda_text: 'Keep it secret.' }).where('org_id', '=', org.id).execute()
        const profile = await db
          .insertInto('permission_profiles')
          .values({ product_id: product.id, name: 'Cross-site', all_restricted: true, card_kinds: '[]', item_uids: '[]' })
          .returning('id')
          .executeTakeFirstOrThrow()
        const account = await db.insertInto('accounts').values({ org_id: org.id, name: 'Cross Site Co', domains: '[]' }).returning('id').executeTakeFirstOrThrow()
        await db
          .insertInto('account_products')
          .values({ account_id: account.id, product_id: product.id, permission_profile_id: profile.id, access_expires_at: new Date(Date.now() - DAY), nda_required: true })
          .execute()
        const member = await db
          .insertInto('account_members')
          .values({ org_id: org.id, account_id: account.id, email: memberEmail, first_name: 'Cross', last_name: 'Site', welcomed_at: new Date() })
          .returning('id')
          .executeTakeFirstOrThrow()
        await db
          .insertInto('visitor_sessions')
          .values({ id: hashToken(sessionToken), org_id: org.id, member_id: member.id, expires_at: new Date(Date.now() + DAY) })
          .execute()
        await db
          .insertInto('visitor_login_links')
          .values({ token_hash: hashToken(linkToken), org_id: org.id, member_id: member.id, expires_at: new Date(Date.now() + 15 * 60_000) })
          .execute()
      })
    }, 120_000)
    afterAll(() => server?.stop())

    it('refuses every visitor intent, the login link and the NDA download from a foreign Origin or Referer, and does nothing', async () => {
      const port = new URL(server.url).port
      const cookie = `tc_visitor=${sessionToken}`
      const requester = 'cross-requester@fabrikam-cross.test'
      const invitee = 'cross-invitee@fabrikam-cross.test'
      const intents: Record<string, string>[] = [
        {
          intent: 'request-access',
          firstName: 'Eve',
          lastName: 'Cross',
          email: requester,
          companyName: 'Fabrikam',
          agree: 'on',
          jobTitleTextField: 'CISO',
          relationshipDropdown: 'customer',
        },
        { intent: 'login', email: memberEmail },
        { intent: 'extend-access' },
        { intent: 'logout' },
        { intent: 'welcome' },
        { intent: 'sign-nda', signerName: 'Cross Site', accept: 'on' },
        { intent: 'invite-colleagues', emails: invitee, message: 'Join' },
        { intent: 'comment', itemUid, content: 'Posted from elsewhere' },
      ]
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: `http://localhost.evil.example:${port}` },
        { origin: `https://localhost:${port}` },
        { referer: 'https://evil.example/page' },
        {},
      ]
      for (const fields of intents) {
        const body = encode({ ...fields, ...(fields.intent === 'request-access' ? { productId } : {}) })
        for (const path of ['/portal/northwind', '/portal/northwind.data', '/']) {
          for (const headers of foreign) {
            const response = await send(path, { headers: { cookie, ...headers }, body })
            expect({ intent: fields.intent, path, headers, status: response.status }).toEqual({ intent: fields.intent, path, headers, status: 403 })
          }
        }
      }
      for (const path of [`/portal/northwind/access/${linkToken}`, '/portal/northwind/nda']) {
        for (const headers of foreign) {
          const response = await send(path, { headers: { cookie, ...headers }, body: '' })
          expect({ path, headers, status: response.status }).toEqual({ path, headers, status: 403 })
          expect(response.headers['set-cookie']).toBeUndefined()
        }
      }

      // Nothing happened: the session still signs the member in (no logout), the link still works
      // once (not consumed), and no mail went out to the requester, the member or the invitee.
      const page = await send('/portal/northwind.data', { headers: { cookie } })
      expect(page.status).toBe(200)
      expect(page.body).toContain('AccountExternal')
      expect(page.body).toContain(memberEmail)

      const sameSite = { origin: server.url }
      const followed = await send(`/portal/northwind/access/${linkToken}`, { headers: sameSite, body: '' })
      expect(followed.status).toBe(302)
      expect([followed.headers['set-cookie']].flat().some((value) => value?.startsWith('tc_visitor='))).toBe(true)

      // A same-site request for the requester is their first: the foreign ones wrote no request.
      const first = await send('/portal/northwind.data', { headers: sameSite, body: encode({ ...intents[0], productId }) })
      expect(first.status).toBe(200)
      expect(first.body).toContain('request_sent')
      expect(first.body).not.toContain('pending_request')
      // Its mail reaches the server's log (no transport here); by then any earlier mail would have too.
      for (let tries = 0; tries < 100 && !server.output().includes(`to=${requester}`); tries++) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(server.output()).toContain(`to=${requester}`)
      expect(server.output().split(`to=${requester}`)).toHaveLength(2)
      expect(server.output()).not.toContain(`to=${invitee}`)
      expect(server.output()).not.toContain(`to=${memberEmail}`)
      expect(server.alive()).toBe(true)
    })
  })
}
