// Revoked and lapsed members (issue 21, item 1; docs/decisions/004-visibility.md): a member of an account
// whose access was revoked by staff, or has run out, reads what the public reads on every path (the portal's
// data, search, trust.json, the Atom feed, bulk download) plus their own account's state, and no private
// update; a private update's mail skips them too. Staff previewing such an account see what its member sees.
import { expect, it } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import type { SearchResults } from '../../app/lib/search'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as searchLoader } from '../../app/routes/portal/search'
import { action as bulkAction } from '../../app/routes/resources/portal-bulk-download'
import { loader as feedLoader } from '../../app/routes/resources/portal-feed'
import { loader as trustDataLoader } from '../../app/routes/resources/portal-trust-data'
import { action as accountsAction } from '../../app/routes/staff/accounts/index'
import { BULK_MESSAGES } from '../../server/files/bulk'
import { bumpOrgRevision } from '../../server/portal/revision'
import { countSubscriberRecipients, subscriberRecipients } from '../../server/updates/recipients'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile, visitorCookie } from '../setup/factories'
import { callRoute } from '../setup/route'

const DAY = 86_400_000
const PRIVATE_UPDATE = 'Customers only: the pentest finding zqlapsedqz was remediated.'
/** Words of the private update and of the restricted item that no search query here holds (a results page echoes its query). */
const PRIVATE_WORDS = 'pentest finding'
const RESTRICTED_WORDS = 'HSM'
const PUBLIC_UPDATE = 'Our SOC 2 report zqpublicqz is out.'
const RESTRICTED_TEXT = 'Keys rotate every 90 days in our HSM zqgrantedqz.'

describeEachDatabase('revoked and lapsed members', (database) => {
  const db = () => database().handle.db

  async function scenario() {
    const org = await createOrg(database())
    const granted = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Key management', access: 'restricted', explanation: RESTRICTED_TEXT })
    const open = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', explanation: 'AES-256 on every volume.' })
    const publicFile = await createFile(database(), org, { item: open, name: 'encryption-whitepaper.pdf' })
    const topic = await db().insertInto('update_topics').values({ org_id: org.id, subject: 'Quarterly review', category: 'compliance' }).returning('id').executeTakeFirstOrThrow()
    await db()
      .insertInto('updates')
      .values([
        { topic_id: topic.id, title: 'Public news', message: PUBLIC_UPDATE, audience: 'public' },
        { topic_id: topic.id, title: 'Private news', message: PRIVATE_UPDATE, audience: 'private' },
      ])
      .execute()
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const account = async (name: string, expiresAt: Date) => {
      const created = await createAccountWithMember(database(), org, {
        name,
        products: [{ productId: org.product.id, profileId: profile.id, expiresAt }],
        member: { email: `reviewer@${name.toLowerCase()}.test` },
      })
      await db()
        .insertInto('subscribers')
        .values({ org_id: org.id, email: `reviewer@${name.toLowerCase()}.test`, status: 'confirmed', source: 'subscribe_button' })
        .execute()
      return created
    }
    const live = await account('Contoso', new Date(Date.now() + 30 * DAY))
    const lapsed = await account('Litware', new Date(Date.now() - DAY))
    const revoked = await account('Fabrikam', new Date(Date.now() + 30 * DAY))
    // Staff revoke Fabrikam's access as the accounts page does; its member signs in again afterwards.
    const revoke = await callRoute(accountsAction, database(), {
      path: '/accounts',
      cookie: org.admin.cookie,
      form: { intent: 'revoke', accountId: revoked.id, productId: org.product.id },
    })
    expect(revoke.status).toBeLessThan(400)
    await bumpOrgRevision(db(), org.id)
    const cookies = {
      live: await visitorCookie(database(), org, live.memberId),
      lapsed: await visitorCookie(database(), org, lapsed.memberId),
      revoked: await visitorCookie(database(), org, revoked.memberId),
    }
    return { org, live, lapsed, revoked, cookies, granted, publicFile }
  }

  type Scenario = Awaited<ReturnType<typeof scenario>>
  const portal = (s: Scenario, options: { cookie?: string; query?: string } = {}) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${s.org.home}${options.query ?? ''}`, params: s.org.params, cookie: options.cookie })
  const search = (s: Scenario, term: string, options: { cookie?: string; query?: string } = {}) =>
    callRoute<{ results: SearchResults | null }>(searchLoader as never, database(), {
      path: `${s.org.home}/search?${new URLSearchParams({ q: term })}${options.query ? `&${options.query}` : ''}`,
      params: s.org.params,
      cookie: options.cookie,
    })
  const trustJson = async (s: Scenario, options: { cookie?: string; query?: string }) => {
    const result = await callRoute(trustDataLoader as never, database(), { path: `${s.org.home}/trust.json${options.query ?? ''}`, params: s.org.params, cookie: options.cookie })
    expect(result.status).toBe(200)
    return result.response!.text()
  }
  const feed = async (s: Scenario, cookie?: string) =>
    (await callRoute(feedLoader as never, database(), { path: `${s.org.home}/updates.atom`, params: s.org.params, cookie })).response!.text()

  /** Everything a viewer can read of the org on the portal, search, trust.json and the feed, as one text. */
  async function everything(s: Scenario, options: { cookie?: string; query?: string }) {
    const page = await portal(s, options)
    expect(page.status).toBe(200)
    const texts = [JSON.stringify(page.data), await feed(s, options.cookie), await trustJson(s, options)]
    for (const term of ['zqlapsedqz', 'zqgrantedqz', 'zqpublicqz']) {
      const found = await search(s, term, { ...options, query: options.query?.slice(1) })
      expect(found.status).toBe(200)
      texts.push(JSON.stringify(found.data))
    }
    return { page: page.data, text: texts.join('\n') }
  }

  it('shows a member whose access was revoked or lapsed no private update on any path, and a live member every one', async () => {
    const s = await scenario()
    for (const [who, cookie] of [
      ['revoked', s.cookies.revoked],
      ['lapsed', s.cookies.lapsed],
      ['anonymous', undefined],
    ] as const) {
      const { page, text } = await everything(s, { cookie })
      expect(text, who).not.toContain(PRIVATE_WORDS)
      expect(text, who).not.toContain(RESTRICTED_WORDS)
      expect(
        page.updates?.items.map((update) => update.message),
        who,
      ).toEqual([PUBLIC_UPDATE])
    }
    const live = await everything(s, { cookie: s.cookies.live })
    expect(live.page.updates?.items.map((update) => update.message).sort()).toEqual([PRIVATE_UPDATE, PUBLIC_UPDATE].sort())
    expect(live.text).toContain(RESTRICTED_WORDS)
    // Search finds the private update for the live member, and nothing for the others.
    const found = async (cookie?: string) => (await search(s, 'zqlapsedqz', { cookie })).data.results?.total
    expect(JSON.stringify((await search(s, 'zqlapsedqz', { cookie: s.cookies.live })).data)).toContain(PRIVATE_WORDS)
    expect([await found(s.cookies.live), await found(s.cookies.revoked), await found(s.cookies.lapsed), await found()]).toEqual([1, 0, 0, 0])
    // The feed is the public's, whoever asks.
    expect(await feed(s, s.cookies.live)).not.toContain(PRIVATE_WORDS)
  })

  it('shows a lapsed or revoked member their own account state: access expired, with the way to extend it', async () => {
    const s = await scenario()
    for (const cookie of [s.cookies.lapsed, s.cookies.revoked]) {
      const page = (await portal(s, { cookie })).data
      expect(page.mode).toBe('AccountExternal')
      expect(page.visitor?.accessExpired).toBe(true)
      expect(page.visitor?.account?.reviewStatus).toMatch(/^Access expired on /)
    }
    expect((await portal(s, { cookie: s.cookies.live })).data.visitor?.accessExpired).toBe(false)
  })

  it('shows staff previewing a revoked or lapsed account what its member sees: no private update', async () => {
    const s = await scenario()
    for (const account of [s.lapsed, s.revoked]) {
      const { page, text } = await everything(s, { cookie: s.org.admin.cookie, query: `?accountId=${account.id}` })
      expect(page.mode).toBe('Preview')
      expect(text).not.toContain(PRIVATE_WORDS)
      expect(text).not.toContain(RESTRICTED_WORDS)
    }
    const preview = await everything(s, { cookie: s.org.admin.cookie, query: `?accountId=${s.live.id}` })
    expect(preview.text).toContain(PRIVATE_WORDS)
    expect(preview.text).toContain(RESTRICTED_WORDS)
  })

  it('e-mails a private update to the live member only, as the portal shows it', async () => {
    const s = await scenario()
    expect((await subscriberRecipients(db(), s.org.id, 'private').execute()).map((row) => row.email)).toEqual(['reviewer@contoso.test'])
    expect(await countSubscriberRecipients(db(), s.org.id, 'private')).toBe(1)
    expect(await countSubscriberRecipients(db(), s.org.id, 'public')).toBe(3)
  })

  it('refuses bulk download to a revoked or lapsed member, as to the public', async () => {
    const s = await scenario()
    const bulk = (cookie: string) => callRoute(bulkAction, database(), { path: `${s.org.home}/bulk-download`, params: s.org.params, cookie, form: { fileId: [s.publicFile.id] } })
    for (const cookie of [s.cookies.lapsed, s.cookies.revoked]) {
      const refused = await bulk(cookie)
      expect(refused.status).toBe(403)
      expect(JSON.stringify(refused.data)).toContain(BULK_MESSAGES.notAllowed)
      expect((await portal(s, { cookie })).data.documents?.bulkDownload).toBe(false)
    }
    expect((await bulk(s.cookies.live)).status).toBe(200)
    expect((await portal(s, { cookie: s.cookies.live })).data.documents?.bulkDownload).toBe(true)
  })
})
