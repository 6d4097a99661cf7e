// Subscriptions to an org's trust updates (PRODUCT.md section 4, issue 8): the subscribe popover's form,
// double opt-in through the e-mailed link, the subscribe result and unsubscribe dialogs, the RFC 8058
// one-click endpoint, a subscription from an access request, and the Atom feed of public updates.
import { expect, it } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { action as confirmAction, loader as confirmLoader } from '../../app/routes/portal/subscribe-confirm'
import { action as oneClickAction, loader as oneClickLoader } from '../../app/routes/resources/portal-unsubscribe'
import { loader as feedLoader } from '../../app/routes/resources/portal-feed'
import { bumpOrgRevision } from '../../server/portal/revision'
import { unsubscribeToken } from '../../server/subscriptions/tokens'
import { SUBSCRIBE_CHECK_EMAIL, UNSUBSCRIBED } from '../../server/visitors/portal-actions'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const DAY = 86_400_000

describeEachDatabase('subscriptions to trust updates', (database) => {
  const db = () => database().handle.db
  let address = 0
  const nextAddress = () => `10.4.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  const portal = (org: OrgFixture, query = '', cookie?: string) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${query}`, params: org.params, cookie })
  const post = (org: OrgFixture, form: Record<string, string>, options: { query?: string; clientAddress?: string } = {}) =>
    callRoute(portalAction, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, form, clientAddress: options.clientAddress ?? nextAddress() })
  const subscribe = (org: OrgFixture, email: string, extra: Record<string, string> = {}) =>
    post(org, { intent: 'subscribe', email, source: 'subscribe_button', ...extra }, { query: '?subscribe=true&source=subscribe_button' })
  const subscriberOf = (org: { id: string }, email: string) => db().selectFrom('subscribers').selectAll().where('org_id', '=', org.id).where('email', '=', email).executeTakeFirst()
  const mailsTo = (email: string) => db().selectFrom('outbox').select(['subject', 'text_body', 'secrets']).where('recipient', '=', email).execute()
  const confirmPage = (org: OrgFixture, token: string) =>
    callRoute(confirmLoader as never, database(), { path: `${org.home}/subscribe/${token}`, params: { ...org.params, token } })
  const confirm = (org: OrgFixture, token: string) =>
    callRoute(confirmAction as never, database(), { path: `${org.home}/subscribe/${token}`, params: { ...org.params, token }, form: {} })
  const block = (org: { id: string }, pattern: string, kind: 'email' | 'domain') =>
    db().insertInto('subscriber_blocks').values({ org_id: org.id, pattern, kind, created_by: 'test' }).execute()

  /** Subscribes and returns the confirmation link's token, read from the queued mail's secrets. */
  async function pendingSubscriber(org: OrgFixture, email: string) {
    expect((await subscribe(org, email)).status).toBe(302)
    const [mail] = await mailsTo(email)
    return mail.secrets[0]
  }

  it('opens the popover from its link, recording where from, for visitors only', async () => {
    const org = await createOrg(database())
    expect((await portal(org, '?subscribe=true')).data.visitor?.subscribe).toEqual({ source: 'direct_link' })
    expect((await portal(org, '?subscribe=true&source=trust_center_updates_button')).data.visitor?.subscribe).toEqual({ source: 'trust_center_updates_button' })
    expect((await portal(org, '?subscribe=true&source=<script>')).data.visitor?.subscribe).toEqual({ source: 'direct_link' })
    expect((await portal(org)).data.visitor?.subscribe).toBeNull()
    expect((await portal(org, '?subscribe=true', org.admin.cookie)).data.visitor?.subscribe).toBeNull()
    await db().updateTable('portal_customizations').set({ subscribe_enabled: false }).where('org_id', '=', org.id).execute()
    await bumpOrgRevision(db(), org.id)
    expect((await portal(org, '?subscribe=true')).data.visitor?.subscribe).toBeNull()
  })

  it('subscribes a trimmed, lowercased address with double opt-in: one pending row, one confirmation mail with a hidden link', async () => {
    const org = await createOrg(database())
    const email = `dana-${org.slug}@fabrikam.test`
    const answered = await subscribe(org, `  ${email.toUpperCase()} `)
    expect(answered.status).toBe(302)
    expect(answered.location).toBe(org.home)
    expect(answered.toast).toBe(SUBSCRIBE_CHECK_EMAIL)
    expect(await subscriberOf(org, email)).toMatchObject({ status: 'pending', source: 'subscribe_button', confirmed_at: null })
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toMatch(/^Confirm your subscription to /)
    expect(mails[0].text_body).toContain('/subscribe/[redacted:1]')
    expect(mails[0].secrets).toHaveLength(1)
  })

  it('answers every address alike and mails at most one confirmation per window: again, confirmed, blocked, a bot', async () => {
    const org = await createOrg(database())
    const again = `again-${org.slug}@fabrikam.test`
    await subscribe(org, again)
    const confirmed = `confirmed-${org.slug}@fabrikam.test`
    await confirm(org, await pendingSubscriber(org, confirmed))
    const blocked = `someone@blocked-${org.slug}.test`
    await block(org, `blocked-${org.slug}.test`, 'domain')
    const answers = [
      await subscribe(org, again),
      await subscribe(org, confirmed),
      await subscribe(org, blocked),
      await subscribe(org, `bot-${org.slug}@spam.test`, { website: 'x' }),
    ]
    for (const answer of answers) expect([answer.status, answer.toast]).toEqual([302, SUBSCRIBE_CHECK_EMAIL])
    expect(await mailsTo(again)).toHaveLength(1)
    expect(await mailsTo(confirmed)).toHaveLength(1)
    expect(await mailsTo(blocked)).toEqual([])
    expect(await subscriberOf(org, blocked)).toBeUndefined()
    expect(await subscriberOf(org, `bot-${org.slug}@spam.test`)).toBeUndefined()
    expect((await subscriberOf(org, confirmed))?.status).toBe('confirmed')
  })

  it('sends one inbox at most 3 confirmations an hour, whatever the org or +tag, with the same answer', async () => {
    const orgs = [await createOrg(database()), await createOrg(database()), await createOrg(database())]
    const email = `flooded-${orgs[0].slug}@fabrikam.test`
    const aliases = [email, email.replace('@', '+a@'), email.replace('@', '+b@'), email.replace('@', '+c@')]
    for (const org of orgs) {
      for (const alias of aliases.slice(0, 2)) {
        const answered = await subscribe(org, alias)
        expect([answered.status, answered.toast]).toEqual([302, SUBSCRIBE_CHECK_EMAIL])
      }
    }
    const mails = await db().selectFrom('outbox').select('recipient').where('recipient', 'in', aliases).execute()
    expect(mails).toHaveLength(3)
  })

  it('counts the dotted spellings of one Gmail inbox (and googlemail.com) as that inbox', async () => {
    // Subscriptions take free-mail addresses; Gmail delivers j.o.hn@ and john@googlemail.com to john@gmail.com.
    const org = await createOrg(database())
    const local = `flood${org.slug.slice(4).replace(/[^a-z0-9]/g, '')}`
    const aliases = [
      `${local}@gmail.com`,
      `${local[0]}.${local.slice(1)}@gmail.com`,
      `${local.slice(0, 2)}.${local.slice(2)}@gmail.com`,
      `${local}@googlemail.com`,
      `${local[0]}.${local.slice(1)}+x@googlemail.com`,
    ]
    for (const alias of aliases) {
      const answered = await subscribe(org, alias)
      expect([answered.status, answered.toast]).toEqual([302, SUBSCRIBE_CHECK_EMAIL])
    }
    const mails = await db().selectFrom('outbox').select('recipient').where('recipient', 'in', aliases).execute()
    expect(mails).toHaveLength(3)
  })

  it('refuses a malformed address with the field message and writes nothing; limits one client address', async () => {
    const org = await createOrg(database())
    for (const email of ['', 'not-an-address', 'a@b.test\r\nBcc: victim@x.test', `<b>@x.test`, 'x'.repeat(300) + '@x.test']) {
      const refused = await subscribe(org, email)
      expect(refused.status, email).toBe(400)
      expect(refused.data.result.error.email?.length, email).toBeGreaterThan(0)
    }
    expect(await db().selectFrom('subscribers').select('id').where('org_id', '=', org.id).execute()).toEqual([])

    const from = nextAddress()
    const statuses = []
    for (let attempt = 0; attempt < 21; attempt++) {
      statuses.push((await post(org, { intent: 'subscribe', email: `n${attempt}-${org.slug}@fabrikam.test` }, { clientAddress: from })).status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 302)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('confirms by POST only: the link page changes nothing, its button lands on subscribeStatus=confirmed once', async () => {
    const org = await createOrg(database())
    const email = `erin-${org.slug}@fabrikam.test`
    const token = await pendingSubscriber(org, email)
    for (let visit = 0; visit < 2; visit++) expect((await confirmPage(org, token)).status).toBe(200)
    expect((await subscriberOf(org, email))?.status).toBe('pending')
    const confirmed = await confirm(org, token)
    expect(confirmed.status).toBe(302)
    expect(confirmed.location).toBe(`${org.home}?subscribeStatus=confirmed`)
    expect(await subscriberOf(org, email)).toMatchObject({ status: 'confirmed', confirm_token_hash: null })
    // Used: the page and the button both say token-invalid.
    expect((await confirmPage(org, token)).location).toBe(`${org.home}?subscribeStatus=token-invalid`)
    expect((await confirm(org, token)).location).toBe(`${org.home}?subscribeStatus=token-invalid`)
    const dialog = await portal(org, '?subscribeStatus=confirmed')
    expect(dialog.data.visitor?.subscribeStatus).toBe('confirmed')
  })

  it('answers an expired, forged, truncated or other org’s link with token-invalid, and a blocked address with blocked', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const late = await pendingSubscriber(org, `late-${org.slug}@fabrikam.test`)
    await db()
      .updateTable('subscribers')
      .set({ confirm_sent_at: new Date(Date.now() - 8 * DAY) })
      .where('email', '=', `late-${org.slug}@fabrikam.test`)
      .execute()
    const theirs = await pendingSubscriber(other, `theirs-${other.slug}@fabrikam.test`)
    for (const token of [late, theirs, theirs.slice(0, 20), 'x'.repeat(43), '../../etc/passwd']) {
      expect((await confirm(org, token)).location, token).toBe(`${org.home}?subscribeStatus=token-invalid`)
    }
    expect((await subscriberOf(other, `theirs-${other.slug}@fabrikam.test`))?.status).toBe('pending')

    const blockedEmail = `mallory-${org.slug}@fabrikam.test`
    const token = await pendingSubscriber(org, blockedEmail)
    await block(org, blockedEmail, 'email')
    expect((await confirm(org, token)).location).toBe(`${org.home}?subscribeStatus=blocked`)
    expect((await subscriberOf(org, blockedEmail))?.status).toBe('pending')
  })

  it('unsubscribes from the dialog: only a token of this org opens it; success toasts, an unknown subscriber fails', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const env = database().env
    const email = `frank-${org.slug}@fabrikam.test`
    await confirm(org, await pendingSubscriber(org, email))
    const token = unsubscribeToken(env, { orgId: org.id, email })

    expect((await portal(org, `?unsubscribeToken=${token}`)).data.visitor?.unsubscribe).toEqual({ token })
    for (const forged of [unsubscribeToken(env, { orgId: other.id, email }), `${token.slice(0, -2)}AA`, token.split('.')[0], 'garbage']) {
      expect((await portal(org, `?unsubscribeToken=${encodeURIComponent(forged)}`)).data.visitor?.unsubscribe, forged).toBeNull()
    }
    const done = await post(org, { intent: 'unsubscribe', token }, { query: `?unsubscribeToken=${token}` })
    expect(done.status).toBe(302)
    expect(done.location).toBe(org.home)
    expect(done.toast).toBe(UNSUBSCRIBED)
    expect(await subscriberOf(org, email)).toMatchObject({ status: 'unsubscribed' })

    // An address that never subscribed (an audience list's recipient) leaves too, for every later send.
    const outsider = `outsider-${org.slug}@fabrikam.test`
    const theirs = await post(org, { intent: 'unsubscribe', token: unsubscribeToken(env, { orgId: org.id, email: outsider }) })
    expect(theirs.toast).toBe(UNSUBSCRIBED)
    expect(await subscriberOf(org, outsider)).toMatchObject({ status: 'unsubscribed' })

    // A token that is not this org's: the failure dialog, nothing written.
    const failed = await post(org, { intent: 'unsubscribe', token: unsubscribeToken(env, { orgId: other.id, email: outsider }) })
    expect(failed.status).toBe(400)
    expect(failed.data).toEqual({ intent: 'unsubscribe', outcome: 'failed' })
    expect(await subscriberOf(other, outsider)).toBeUndefined()
  })

  it('takes an RFC 8058 one-click POST without cookie: 200 and no redirect; a GET opens the dialog instead', async () => {
    const org = await createOrg(database())
    const email = `grace-${org.slug}@fabrikam.test`
    await confirm(org, await pendingSubscriber(org, email))
    const token = unsubscribeToken(database().env, { orgId: org.id, email })
    const path = `${org.home}/unsubscribe?token=${token}`
    const opened = await callRoute(oneClickLoader as never, database(), { path, params: org.params })
    expect(opened.location).toBe(`${org.home}?unsubscribeToken=${token}`)
    expect((await subscriberOf(org, email))?.status).toBe('confirmed')

    const oneClick = await callRoute(oneClickAction as never, database(), { path, params: org.params, form: { 'List-Unsubscribe': 'One-Click' } })
    expect(oneClick.status).toBe(200)
    expect(oneClick.location).toBeNull()
    expect((await subscriberOf(org, email))?.status).toBe('unsubscribed')
    // Without a body, as a careless sender posts: still 200.
    expect((await callRoute(oneClickAction as never, database(), { path, params: org.params, method: 'POST' })).status).toBe(200)
    // Again: still 200. A forged token: 400, nothing changed.
    expect((await callRoute(oneClickAction as never, database(), { path, params: org.params, form: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(200)
    const forged = await callRoute(oneClickAction as never, database(), { path: `${org.home}/unsubscribe?token=${token}x`, params: org.params, form: {} })
    expect(forged.status).toBe(400)
  })

  it('subscribes the requester of an access request who ticked "subscribe", with the access_request source', async () => {
    const org = await createOrg(database())
    const email = `henry-${org.slug}@fabrikam.test`
    const form = {
      intent: 'request-access',
      firstName: 'Henry',
      lastName: 'Jones',
      email,
      companyName: 'Fabrikam',
      agree: 'on',
      productId: org.product.id,
      jobTitleTextField: 'CISO',
      relationshipDropdown: 'customer',
      subscribe: 'on',
    }
    expect((await post(org, form)).data.outcome).toBe('request_sent')
    expect(await subscriberOf(org, email)).toMatchObject({ status: 'pending', source: 'access_request' })
    expect((await mailsTo(email)).map((mail) => mail.subject).some((subject) => subject?.startsWith('Confirm your subscription'))).toBe(true)
  })

  it('publishes public updates of visible topics in an Atom feed, escaped, never private ones', async () => {
    const org = await createOrg(database())
    const topic = await db()
      .insertInto('update_topics')
      .values({ org_id: org.id, subject: 'SOC 2 <report> & "bridge"', category: 'compliance' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const hidden = await db()
      .insertInto('update_topics')
      .values({ org_id: org.id, subject: 'Hidden topic', category: 'general', hidden: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('updates')
      .values([
        { topic_id: topic.id, title: 'The 2026 report', message: 'The 2026 report is out.\u0001', audience: 'public' },
        { topic_id: topic.id, title: 'Pen-test summary', message: 'Customers only: the pen-test summary.', audience: 'private' },
        { topic_id: hidden.id, title: 'Hidden news', message: 'Nobody sees this.', audience: 'public' },
      ])
      .execute()
    await createStaffMember(database(), `feed-${org.slug}@northwind.test`, ['updates'], { org })
    const feed = await callRoute(feedLoader as never, database(), { path: `${org.home}/updates.atom`, params: org.params })
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const xml = await feed.response!.text()
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">')
    expect(xml).toContain('SOC 2 &#60;report&#62; &#38; &#34;bridge&#34;')
    expect(xml).toContain('The 2026 report is out.</content>')
    expect(xml).not.toContain('pen-test')
    expect(xml).not.toContain('Nobody sees this')
    expect(xml.match(/<entry>/g)).toHaveLength(1)
    const page = await portal(org)
    expect(page.status).toBe(200)
  })
})
