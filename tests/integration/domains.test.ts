// Custom domains (issue 23 item 6): added on /settings/domains, verified by a TXT record a local DNS server
// answers (the app's node:dns Resolver asks it, as DNS_SERVERS says), served only once verified, made primary
// for links and the deployment-host address, removed at once; and the running server's 301, Host and TLS ask.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as domainsAction, loader as domainsLoader } from '../../app/routes/staff/settings/domains'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { DOMAIN_MESSAGES, verificationRecordName } from '../../app/lib/schemas/domains'
import type { PortalView } from '../../app/lib/portal-view'
import { checkDomain, checkDueDomains, type CustomDomain } from '../../server/domains/domains'
import { orgPortalUrl } from '../../server/portal/resolve'
import { startFakeDns, type FakeDns } from '../fakes/dns'
import { BACKENDS, describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'
import { startServer, type RunningServer } from '../setup/server'

let dns: FakeDns
beforeAll(async () => {
  dns = await startFakeDns()
})
afterAll(() => dns?.close())

let hosts = 0
/** A host no other test uses. */
const newHost = () => `trust${++hosts}-${process.pid}.acme.example`

describeEachDatabase('custom domains', (database) => {
  const db = () => database().handle.db
  const env = () => ({ DNS_SERVERS: [dns.servers] })
  const post = (org: OrgFixture, form: Record<string, string>) => callRoute(domainsAction, database(), { path: '/settings/domains', cookie: org.admin.cookie, form, env: env() })
  const listed = async (org: OrgFixture) =>
    (await callRoute<{ domains: CustomDomain[] }>(domainsLoader, database(), { path: '/settings/domains', cookie: org.admin.cookie })).data.domains
  const domainOf = async (org: OrgFixture, host: string) => (await listed(org)).find((domain) => domain.host === host)
  const portalAt = (host: string) => callRoute<PortalView>(portalLoader, database(), { path: '/', host })
  const revision = async (org: { id: string }) =>
    (await db().selectFrom('portal_customizations').select('revision').where('org_id', '=', org.id).executeTakeFirstOrThrow()).revision
  const audit = (org: { id: string }) =>
    db().selectFrom('audit_entries').select(['action', 'actor', 'target', 'after']).where('org_id', '=', org.id).where('action', 'like', 'domain.%').orderBy('created_at').execute()

  async function added(org: OrgFixture, host = newHost()) {
    const answer = await post(org, { intent: 'add', host })
    expect(answer.status, JSON.stringify(answer.data)).toBe(302)
    return (await domainOf(org, host))!
  }

  async function verified(org: OrgFixture, host = newHost()) {
    const domain = await added(org, host)
    dns.set(verificationRecordName(host), [domain.token])
    expect((await post(org, { intent: 'check', host })).toast).toBe(`${host} is verified`)
    return domain
  }

  it('adds a domain pending, with a random token shown in full and the record to create', async () => {
    const org = await createOrg(database())
    const host = newHost()
    const answer = await post(org, { intent: 'add', host: `  ${host.toUpperCase()}.  ` })
    expect(answer.status).toBe(302)
    expect(answer.toast).toBe(`${host} added: create its TXT record`)
    const domain = (await domainOf(org, host))!
    expect(domain).toMatchObject({ status: 'pending', isPrimary: false, failureReason: null, checkedAt: null })
    expect(domain.token).toMatch(/^[0-9a-f]{32}$/)
    expect(Date.parse(domain.nextCheckAt!)).toBeGreaterThan(Date.now())
    const other = await added(org)
    expect(other.token).not.toBe(domain.token)
    expect(await audit(org)).toContainEqual(expect.objectContaining({ action: 'domain.add', actor: org.admin.email, target: host }))
  })

  it('refuses what is not a public domain name, and the deployment’s own host, creating nothing', async () => {
    const org = await createOrg(database())
    const cases: [string, string][] = [
      ['', DOMAIN_MESSAGES.hostRequired],
      ['10.0.0.1', DOMAIN_MESSAGES.hostIp],
      ['[::1]', DOMAIN_MESSAGES.hostIp],
      ['::1', DOMAIN_MESSAGES.hostIp],
      ['localhost', DOMAIN_MESSAGES.hostPrivate],
      ['printer.local', DOMAIN_MESSAGES.hostPrivate],
      ['db.internal', DOMAIN_MESSAGES.hostPrivate],
      ['trust_center.acme.example', DOMAIN_MESSAGES.hostInvalid],
      ['https://trust.acme.example/', DOMAIN_MESSAGES.hostInvalid],
      ['trust.acme.example:8443', DOMAIN_MESSAGES.hostInvalid],
      ['a..b.example', DOMAIN_MESSAGES.hostInvalid],
      ['nodot', DOMAIN_MESSAGES.hostInvalid],
      [`${'a'.repeat(64)}.example`, DOMAIN_MESSAGES.hostInvalid],
      ['trust.acme.example\r\nX: y', DOMAIN_MESSAGES.hostInvalid],
    ]
    for (const [host, message] of cases) {
      const answer = await post(org, { intent: 'add', host })
      expect(answer.status, host).toBe(400)
      expect(answer.data.result.error.host, host).toEqual([message])
    }
    // APP_URL's host (localhost:3000 in tests is refused above as private; a public one here).
    const publicDeployment = await callRoute(domainsAction, database(), {
      path: '/settings/domains',
      cookie: org.admin.cookie,
      form: { intent: 'add', host: 'trust.deployment.example' },
      env: { APP_URL: 'https://trust.deployment.example' },
    })
    expect(publicDeployment.status).toBe(400)
    expect(publicDeployment.data.result.error.host).toEqual([DOMAIN_MESSAGES.hostDeployment])
    expect(await listed(org)).toEqual([])
    expect(await audit(org)).toEqual([])
  })

  it('keeps a host to one org once verified; an unverified claim does not keep the domain’s owner from it', async () => {
    const [squatter, owner, late] = [await createOrg(database()), await createOrg(database()), await createOrg(database())]
    const host = newHost()
    await added(squatter, host)
    // The same org again, in any spelling: refused.
    for (const spelling of [host, host.toUpperCase(), `${host}.`]) {
      const answer = await post(squatter, { intent: 'add', host: spelling })
      expect(answer.status).toBe(400)
      expect(answer.data.result.error.host).toEqual([DOMAIN_MESSAGES.hostTaken])
    }
    // Another org may claim it too; the DNS decides: the owner publishes its own token.
    const claim = await added(owner, host)
    dns.set(verificationRecordName(host), [claim.token])
    expect((await post(squatter, { intent: 'check', host })).toast).toBe(`${host} could not be verified yet`)
    expect((await post(owner, { intent: 'check', host })).toast).toBe(`${host} is verified`)
    expect((await portalAt(host)).data.org.slug).toBe(owner.slug)
    // The other claim is dropped (and the squatter's log says why); from now on nobody else may add it.
    expect(await listed(squatter)).toEqual([])
    expect(await audit(squatter)).toContainEqual(expect.objectContaining({ action: 'domain.remove', actor: 'domain check', target: host }))
    const again = await post(late, { intent: 'add', host })
    expect(again.status).toBe(400)
    expect(again.data.result.error.host).toEqual([DOMAIN_MESSAGES.hostTaken])
  })

  it('serves a domain only once the TXT record holds its token: checked now, verified, the revision bumped and audited', async () => {
    const org = await createOrg(database())
    const host = newHost()
    const domain = await added(org, host)
    expect((await portalAt(host)).data).toBe('Company not found')
    dns.set(verificationRecordName(host), ['some other value', domain.token])
    const before = await revision(org)
    const answer = await post(org, { intent: 'check', host })
    expect(answer.status).toBe(302)
    expect(answer.toast).toBe(`${host} is verified`)
    expect(await domainOf(org, host)).toMatchObject({ status: 'verified', failureReason: null, nextCheckAt: null })
    expect(await revision(org)).toBe(before + 1)
    expect(await audit(org)).toContainEqual(expect.objectContaining({ action: 'domain.verify', actor: org.admin.email, target: host }))
    const view = (await portalAt(host)).data
    expect(view.org.slug).toBe(org.slug)
    expect(view.portal.portalUrl).toBe(`http://${host}`)
  })

  it('fails a check with its reason: no record, a wrong value, a lookup error; and it is still not served', async () => {
    const org = await createOrg(database())
    const cases: [string[] | 'servfail' | undefined, string][] = [
      [undefined, 'no-record'],
      [[], 'no-record'],
      [['not-the-token'], 'wrong-value'],
      ['servfail', 'lookup-error'],
    ]
    for (const [answer, reason] of cases) {
      const host = newHost()
      await added(org, host)
      dns.set(verificationRecordName(host), answer)
      const checked = await post(org, { intent: 'check', host })
      expect(checked.toast).toBe(`${host} could not be verified yet`)
      const domain = (await domainOf(org, host))!
      expect(domain, String(answer)).toMatchObject({ status: 'failed', failureReason: reason })
      expect(domain.checkedAt).not.toBeNull()
      expect((await portalAt(host)).data).toBe('Company not found')
      expect(await audit(org)).toContainEqual(expect.objectContaining({ action: 'domain.check.fail', target: host, after: expect.objectContaining({ reason }) }))
    }
  })

  it('counts a DNS server that never answers as a lookup error, within the timeout', async () => {
    const org = await createOrg(database())
    const host = newHost()
    await added(org, host)
    dns.set(verificationRecordName(host), 'silent')
    const outcome = await checkDomain(db(), { ...database().env, ...env() }, org.id, host, null, { timeoutMs: 200, tries: 1 })
    expect(outcome).toEqual({ status: 'failed', reason: 'lookup-error' })
  })

  it('checks pending domains in the background when due, waiting longer after each failure', async () => {
    const org = await createOrg(database())
    const [good, bad] = [newHost(), newHost()]
    const domain = await added(org, good)
    await added(org, bad)
    dns.set(verificationRecordName(good), [domain.token])
    // Not due yet: the first check waits a minute for the record to be published.
    await checkDueDomains(db(), { ...database().env, ...env() })
    expect((await domainOf(org, good))!.status).toBe('pending')
    await db()
      .updateTable('custom_domains')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .where('host', 'in', [good, bad])
      .execute()
    await checkDueDomains(db(), { ...database().env, ...env() })
    expect((await domainOf(org, good))!.status).toBe('verified')
    const failed = (await domainOf(org, bad))!
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'no-record' })
    const firstWait = Date.parse(failed.nextCheckAt!) - Date.parse(failed.checkedAt!)
    await db()
      .updateTable('custom_domains')
      .set({ next_check_at: new Date(Date.now() - 1000) })
      .where('host', '=', bad)
      .execute()
    await checkDueDomains(db(), { ...database().env, ...env() })
    const again = (await domainOf(org, bad))!
    expect(Date.parse(again.nextCheckAt!) - Date.parse(again.checkedAt!)).toBeGreaterThan(firstWait)
    // The background verification is audited as the check's, once.
    expect((await audit(org)).filter((entry) => entry.action === 'domain.verify')).toEqual([expect.objectContaining({ actor: 'domain check', target: good })])
  })

  it('makes only a verified domain primary: links and the deployment-host portal use it', async () => {
    const org = await createOrg(database())
    const pending = newHost()
    await added(org, pending)
    expect((await post(org, { intent: 'primary', host: pending })).status).toBe(400)
    expect(await orgPortalUrl(db(), database().env, org.id)).toBe(`http://localhost:3000/portal/${org.slug}`)

    const [first, second] = [newHost(), newHost()]
    await verified(org, first)
    await verified(org, second)
    const before = await revision(org)
    expect((await post(org, { intent: 'primary', host: first })).toast).toBe(`${first} is now the primary domain`)
    expect(await revision(org)).toBe(before + 1)
    expect(await orgPortalUrl(db(), database().env, org.id)).toBe(`http://${first}`)
    const onDeployment = (await callRoute<PortalView>(portalLoader, database(), { path: org.home, params: org.params })).data
    expect(onDeployment.portal.portalUrl).toBe(`http://${first}`)
    expect(onDeployment.portal.basePath).toBe(org.home)

    // One primary at a time.
    await post(org, { intent: 'primary', host: second })
    expect((await listed(org)).filter((domain) => domain.isPrimary).map((domain) => domain.host)).toEqual([second])
    expect(await orgPortalUrl(db(), database().env, org.id)).toBe(`http://${second}`)
    await post(org, { intent: 'primary-off', host: second })
    expect(await orgPortalUrl(db(), database().env, org.id)).toBe(`http://localhost:3000/portal/${org.slug}`)
    expect((await audit(org)).map((entry) => entry.action)).toEqual(expect.arrayContaining(['domain.primary', 'domain.primary.unset']))
  })

  it('stops serving a removed domain at once, and answers 404 for a domain of another org', async () => {
    const [org, other] = [await createOrg(database()), await createOrg(database())]
    const host = newHost()
    await verified(org, host)
    await post(org, { intent: 'primary', host })
    expect((await post(other, { intent: 'remove', host })).status).toBe(404)
    expect((await post(other, { intent: 'check', host })).status).toBe(404)
    expect((await post(other, { intent: 'primary', host })).status).toBe(404)
    expect((await portalAt(host)).data.org.slug).toBe(org.slug)
    const before = await revision(org)
    expect((await post(org, { intent: 'remove', host })).toast).toBe(`${host} removed`)
    expect(await revision(org)).toBe(before + 1)
    expect((await portalAt(host)).data).toBe('Company not found')
    expect(await orgPortalUrl(db(), database().env, org.id)).toBe(`http://localhost:3000/portal/${org.slug}`)
    expect(await audit(org)).toContainEqual(expect.objectContaining({ action: 'domain.remove', target: host }))
  })

  it('is the settings permission’s', async () => {
    const org = await createOrg(database())
    const cookie = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    expect((await callRoute(domainsLoader, database(), { path: '/settings/domains', cookie })).status).toBe(403)
    expect((await callRoute(domainsAction, database(), { path: '/settings/domains', cookie, form: { intent: 'add', host: newHost() } })).status).toBe(403)
  })
})

// The running server: the Host a verified domain is asked for, the 301 from the deployment-host address, the
// proxy's TLS question, and a removal seen by the very next request.
for (const backend of BACKENDS) {
  describe(`custom domains on the running server (${backend})`, () => {
    const PRIMARY = `trust-${process.pid}.northwind.example`
    const PENDING = `pending-${process.pid}.northwind.example`
    // Another verified one, for the test that removes it (tests run in any order: none undoes another's data).
    const REMOVED = `removed-${process.pid}.northwind.example`
    let server: RunningServer

    function send(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
      return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, { method, headers: { ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...headers } })
        request.on('response', (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }))
        })
        request.on('error', reject)
        request.end(body)
      })
    }

    async function signIn() {
      const body = 'email=admin%40northwind.test&password=northwind-demo'
      const response = await send('/login', { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', body)
      const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('tc_staff='))
      if (!cookie) throw new Error(`Sign-in failed: ${response.status}`)
      return cookie.split(';')[0]
    }

    beforeAll(async () => {
      server = await startServer(backend, { DNS_SERVERS: dns.servers }, async (db) => {
        const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
        await db
          .insertInto('custom_domains')
          .values([
            { org_id: org.id, host: PRIMARY, status: 'verified', token: 'a'.repeat(32), is_primary: true },
            { org_id: org.id, host: PENDING, status: 'pending', token: 'b'.repeat(32) },
            { org_id: org.id, host: REMOVED, status: 'verified', token: 'c'.repeat(32) },
          ])
          .execute()
      })
    }, 120_000)
    afterAll(() => server?.stop())

    it('answers a verified domain’s Host with the org’s portal, and a pending one’s with "Company not found"', async () => {
      const page = await send('/', { host: PRIMARY })
      expect(page.status).toBe(200)
      expect(page.body).toContain('Northwind Cloud')
      expect(page.body).toContain(`<link rel="canonical" href="http://${PRIMARY}/"`)
      const pending = await send('/', { host: PENDING })
      expect(pending.status).toBe(404)
      expect(pending.body).toContain('Company not found')
    })

    it('redirects the deployment-host address 301 to the same path on the primary domain, for GET and HEAD only', async () => {
      for (const method of ['GET', 'HEAD']) {
        const moved = await send('/portal/northwind/item/soc-2?tab=x', {}, method)
        expect(moved.status, `${method} ${moved.headers.location}`).toBe(301)
        expect(moved.headers.location).toBe(`http://${PRIMARY}/item/soc-2?tab=x`)
      }
      expect((await send('/portal/NorthWind')).headers.location).toBe(`http://${PRIMARY}/`)
      // A path that would leave the domain goes to its home page.
      expect((await send('/portal/northwind//evil.example/x')).headers.location).toBe(`http://${PRIMARY}/`)
      // The client router's data requests, staff pages and a form post stay here.
      expect((await send('/portal/northwind/item/soc-2.data')).status).not.toBe(301)
      expect((await send('/login')).status).toBe(200)
      const posted = await send('/portal/northwind/', { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', 'intent=nothing')
      expect(posted.status).not.toBe(301)
    })

    it('keeps signed-in staff on the deployment host, where their session is', async () => {
      const staff = await signIn()
      const page = await send('/portal/northwind/', { cookie: staff })
      expect(page.status).toBe(200)
      expect(page.body).toContain('Northwind Cloud')
    })

    it('answers the TLS question: 200 for a verified domain and this server, 404 for anything else', async () => {
      const ask = async (domain: string, host = 'internal-proxy:9000') => (await send(`/.well-known/trust-center/tls-ask?domain=${encodeURIComponent(domain)}`, { host })).status
      expect(await ask(PRIMARY)).toBe(200)
      expect(await ask(PRIMARY.toUpperCase())).toBe(200)
      expect(await ask('localhost')).toBe(200)
      for (const domain of [PENDING, 'unknown.example', '', `${PRIMARY}:443`, 'x'.repeat(300), '127.0.0.1']) expect(await ask(domain), domain).toBe(404)
      expect((await send('/.well-known/trust-center/tls-ask', { host: 'internal-proxy:9000' })).status).toBe(404)
    })

    it('stops serving a removed domain on the very next request', async () => {
      const staff = await signIn()
      // Stored under the domain first, so a cache that kept answering would show.
      expect((await send('/', { host: REMOVED })).status).toBe(200)
      expect((await send('/', { host: REMOVED })).status).toBe(200)
      expect((await send(`/.well-known/trust-center/tls-ask?domain=${REMOVED}`)).status).toBe(200)
      const removed = await send(
        '/settings/domains',
        { cookie: staff, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
        'POST',
        `intent=remove&host=${REMOVED}`,
      )
      expect(removed.status).toBe(302)
      const after = await send('/', { host: REMOVED })
      expect(after.status).toBe(404)
      expect(after.body).toContain('Company not found')
      expect((await send(`/.well-known/trust-center/tls-ask?domain=${REMOVED}`)).status).toBe(404)
    })
  })
}
