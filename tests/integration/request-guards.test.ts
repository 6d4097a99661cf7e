// The outside review's findings, each replayed against the real built server over HTTP: requests that
// crashed it, stalled it, redirected off-site, buffered large bodies anonymously, or were answered for
// any host or origin. Every one of them must now get a clear 4xx or a safe redirect, quickly.
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../setup/database'
import { startServer, type RunningServer } from '../setup/server'
import { fieldNameProblem } from '../../server/http/forms'

const CUSTOM_HOST = 'trust.northwind.test'

for (const backend of BACKENDS) {
  describe(`request guards on the running server (${backend})`, () => {
    let server: RunningServer
    let staff: string
    let address = 0
    let publicFileId = ''

    /** A raw request, so nothing (fetch included) normalises what is sent or what comes back. */
    function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
      const body = init.body === undefined ? undefined : Buffer.from(init.body)
      return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, {
          method: init.method ?? (body ? 'POST' : 'GET'),
          // Every request from an address of its own (TRUST_PROXY=1): no test is throttled by another.
          headers: { 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}`, ...(body ? { 'content-length': String(body.byteLength) } : {}), ...init.headers },
        })
        request.on('response', (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }))
        })
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
        })
        request.end(body)
      })
    }

    const form = (extra: Record<string, string> = {}) => ({ origin: server.url, 'content-type': 'application/x-www-form-urlencoded', ...extra })

    async function signIn() {
      const response = await send('/login', { headers: form(), body: 'email=admin%40northwind.test&password=northwind-demo' })
      const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('tc_staff='))
      if (!cookie) throw new Error(`Sign-in failed: ${response.status}`)
      return cookie.split(';')[0]
    }

    beforeAll(async () => {
      server = await startServer(backend, { TRUST_PROXY: '1', PAGE_RENDER_BUDGET: '5/0.1' }, async (db) => {
        const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
        await db.insertInto('custom_domains').values({ org_id: org.id, host: CUSTOM_HOST, status: 'verified', token: 'verified-by-the-test' }).execute()
        const file = await db
          .selectFrom('files')
          .innerJoin('item_files', 'item_files.file_id', 'files.id')
          .innerJoin('items', 'items.id', 'item_files.item_id')
          .select('files.id')
          .where('files.org_id', '=', org.id)
          .where('items.public_access', '=', true)
          .executeTakeFirstOrThrow()
        publicFileId = file.id
      })
      staff = await signIn()
    }, 120_000)
    afterAll(() => server?.stop())

    it('1: a redirect target with a control character neither crashes the server nor is followed', async () => {
      for (const target of ['%0B', '%01', '%1B', '%7F']) {
        const response = await send(`/login?redirectTo=/${target}`, { headers: { cookie: staff } })
        expect({ target, status: response.status, location: response.headers.location }).toEqual({ target, status: 302, location: '/home' })
      }
      const posted = await send('/login', { headers: form(), body: 'email=admin%40northwind.test&password=northwind-demo&redirectTo=%2F%0B' })
      expect(posted.status).toBe(302)
      expect(posted.headers.location).toBe('/home')
      expect(server.alive()).toBe(true)
    })

    it('2: unknown, huge-index or deep field names are refused at once, and nothing is echoed back', async () => {
      // At once: by reading the name, before Conform would make a sparse array as long as its index.
      expect(fieldNameProblem('x[30000000]')).toBe('index')
      for (const path of ['/login', '/login.data', '/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const response = await send(path, { headers: form(), body: 'email=bad&password=x&x%5B30000000%5D=1' })
        expect({ path, status: response.status }).toEqual({ path, status: 400 })
        expect(response.body.length).toBeLessThan(20_000)
      }
      const deep = await send('/login', { headers: form(), body: `${Array.from({ length: 10_000 }, () => 'a').join('.')}=1` })
      expect(deep.status).toBe(400)
      expect(server.alive()).toBe(true)
    })

    it('3: no redirect leaves the site, from sign-in or from a portal edit', async () => {
      for (const target of ['/%09/evil.example', '/..//evil.example', '//evil.example', '/%5Cevil.example', 'https://evil.example']) {
        const response = await send(`/login?redirectTo=${target}`, { headers: { cookie: staff } })
        expect({ target, location: response.headers.location }).toEqual({ target, location: '/home' })
      }
      const edit = await send('/portal/northwind', { headers: form({ cookie: staff }), body: 'intent=card.visibility&kind=Legal&hidden=false&returnTo=%2F..%2F%2Fevil.example' })
      expect(edit.status).toBe(302)
      expect(edit.headers.location).toBe('/portal/northwind')
    })

    it('6: anonymous routes refuse a large body before reading it; uploads take it only from staff with the permission', async () => {
      const large = Buffer.alloc(5 * 1024 * 1024, 'x')
      const multipart = { origin: server.url, 'content-type': 'multipart/form-data; boundary=x' }
      for (const path of ['/login', '/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/documents', '/portal/northwind']) {
        const response = await send(path, { headers: multipart, body: large })
        expect({ path, status: response.status }).toEqual({ path, status: 413 })
      }
      const upload = await send('/documents', { headers: { ...multipart, cookie: staff }, body: large })
      expect(upload.status).not.toBe(413)
      expect(upload.status).toBeLessThan(500)
    })

    it('11: only our hosts and our exact origin are answered', async () => {
      for (const path of ['/login', '/members', '/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const response = await send(path, { headers: { host: 'rebound.evil.example', cookie: staff } })
        expect({ path, status: response.status }).toEqual({ path, status: 404 })
        expect(response.body).toContain('Company not found')
      }
      const port = new URL(server.url).port
      for (const origin of [`https://localhost:${port}`, 'null', `http://LOCALHOST:${port}`, `http://localhost.evil.example:${port}`]) {
        const response = await send('/login', { headers: form({ origin }), body: 'email=a%40b.c&password=x' })
        expect({ origin, status: response.status }).toEqual({ origin, status: 403 })
      }
      expect((await send('/healthz', { headers: { host: '10.0.0.5' } })).status).toBe(200)
    })

    it("11: a staff page's data is never stored by a cache, and numbers in the query are clamped", async () => {
      for (const path of ['/audit.data', '/members.data', '/portal/northwind.data', '/audit']) {
        const response = await send(path, { headers: { cookie: staff } })
        expect({ path, cacheControl: response.headers['cache-control'] }).toEqual({ path, cacheControl: 'private, no-store' })
      }
      for (const page of ['99999999999999999999', '-1', '1e400', 'NaN']) {
        expect((await send(`/audit?page=${page}`, { headers: { cookie: staff } })).status).toBe(200)
      }
    })

    it('11: pages other than the portal are never served from the page cache', async () => {
      const invited = `cache-${address}@northwind.test`
      const invite = await send('/members', { headers: form({ cookie: staff }), body: `intent=invite&email=${encodeURIComponent(invited)}&permissions=audit` })
      expect(invite.status).toBe(302)
      // No transport here: the mail goes to the server's log once, link included.
      let token: string | undefined
      for (let tries = 0; tries < 50 && !token; tries++) {
        token = new RegExp(`to=${invited.replace('.', '\\.')}[\\s\\S]*?/invite/([A-Za-z0-9_-]{43})`).exec(server.output())?.[1]
        if (!token) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(token).toBeDefined()
      expect((await send(`/invite/${token}`)).status).toBe(200)
      const accepted = await send(`/invite/${token}`, { headers: form(), body: 'name=Cache+Test&password=a-long-test-password&confirm=a-long-test-password' })
      expect(accepted.status).toBe(302)
      // Used: answered as such at once, not from a copy kept for 60 s.
      expect((await send(`/invite/${token}`)).status).toBe(404)
    })

    it('11: a custom domain serves the portal and takes its forms, but never the staff area, in any case', async () => {
      const port = new URL(server.url).port
      const host = `${CUSTOM_HOST}:${port}`
      const portal = await send('/', { headers: { host } })
      expect(portal.status).toBe(200)
      expect(portal.body).toContain('Northwind')
      // A form posted on the custom domain reaches the app (anonymous: the edit asks for a sign-in).
      const posted = await send('/', { headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'intent=card.visibility' })
      expect(posted.status).toBe(302)
      // Spelt as the router reads it too: percent-escapes and dot segments name the same staff pages.
      const spellings = ['/%6Cogin', '/%6cogin.data', '/./settings/company', '/%2E/members', '/x/../audit', '/%73ettings/company', '/%53ETTINGS', '/s%65tup/x', '/%E0']
      for (const path of ['/members', '/MEMBERS', '/Members.data', '/Audit', '/Settings/outbox', '/LOGIN', '/Documents', ...spellings]) {
        const response = await send(path, { headers: { host, cookie: staff } })
        expect({ path, status: response.status }).toEqual({ path, status: 404 })
      }
      // No sign-in on the custom domain, so no staff session is ever set for it.
      const signIn = await send('/%6Cogin', {
        headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=admin%40northwind.test&password=northwind-demo',
      })
      expect(signIn.status).toBe(404)
      expect(signIn.headers['set-cookie']).toBeUndefined()
    })

    it('a NUL in a portal address is a 4xx, not a 500, on the deployment host', async () => {
      for (const path of ['/portal/northwind%00', '/portal/northwind%00/item/x', '/portal/%00']) {
        const response = await send(path)
        expect({ path, status: response.status }).toEqual({ path, status: expect.toSatisfy((status: number) => status >= 400 && status < 500) })
      }
      expect(server.alive()).toBe(true)
    })

    it('11: a request without a Host header reaches no org', async () => {
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\n\r\n'))
        let text = ''
        socket.on('data', (chunk) => (text += chunk))
        socket.on('close', () => resolve(text))
      })
      expect(answer).toMatch(/^HTTP\/1\.[01] 400/)
      expect(answer).not.toContain('Northwind')
    })

    it('a page built for staff is never served to anyone else, however the cookie is spelled', async () => {
      const token = staff.split('=')[1]
      for (const cookie of [`tc_staff =${token}`, ` tc_staff=${token}`, `other=1;tc_staff=${token}`]) {
        const path = `/portal/northwind?subprocessorSearch=poison${address}`
        const signedIn = await send(path, { headers: { cookie } })
        expect(signedIn.body).toContain('Staff tools')
        const anonymous = await send(path)
        expect({ cookie, leaked: anonymous.body.includes('Staff tools') }).toEqual({ cookie, leaked: false })
      }
    })

    it('a portal URL with parameters no page reads is sent to the page without them, for requests without a session', async () => {
      for (const [path, tidy] of [
        ['/portal/northwind?utm_source=mail&card=Documents&gclid=1', '/portal/northwind?card=Documents'],
        ['/?x=1', '/'],
        ['/?card=Documents&card=Certifications', '/?card=Documents'],
        ['/?&', '/'],
        ['//?card=Documents&x=1', '/?card=Documents'],
      ]) {
        const answer = await send(path)
        expect({ path, status: answer.status, location: answer.headers.location, cacheControl: answer.headers['cache-control'] }).toEqual({
          path,
          status: 302,
          location: tidy,
          cacheControl: 'no-store',
        })
      }
      // What a page reads stays, spelt as it came; a data request is answered as for its tidy URL.
      expect((await send('/?card=Documents&faqs=true&faqQuery=soc%202')).status).toBe(200)
      const data = await send('/portal/northwind.data?card=Documents&utm_source=mail')
      expect(data.status).toBe(200)
      // Staff keep theirs (the editor's parameters are staff-only); so does any path that is not a portal page.
      const editing = await send('/portal/northwind?card=Documents&edit=true', { headers: { cookie: staff } })
      expect(editing.status).toBe(200)
      expect(editing.body).toContain('Staff tools')
      expect((await send('/login?x=1')).status).toBe(200)
    })

    it('renders at most a burst, then a steady rate, of pages not stored yet for each client without a session', async () => {
      const client = { 'x-forwarded-for': '203.0.113.50' }
      // The stored page first (asked by another client), and then one new page after another from one client.
      expect((await send('/?card=Certifications')).status).toBe(200)
      // All at once; the rate (PAGE_RENDER_BUDGET 5/0.1 here) adds one in 10 s while they arrive, however slowly they render.
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => send(`/?subprocessorSearch=budget-${index}`, { headers: client })))
      const ok = answers.filter((answer) => answer.status === 200).length
      const refused = answers.filter((answer) => answer.status === 429)
      expect({ burst: ok >= 5 && ok <= 6, refused: refused.length, all: ok + refused.length }).toEqual({ burst: true, refused: 12 - ok, all: 12 })
      expect(refused[0].headers['retry-after']).toMatch(/^[1-9]\d*$/)
      expect(refused[0].body).toBe('Too many pages asked for at once. Please try again in a few seconds.')
      // What is stored is still served to it; other clients, a signed-in member's or staff's pages are not counted.
      expect((await send('/?card=Certifications', { headers: client })).status).toBe(200)
      expect((await send('/?subprocessorSearch=budget-other', { headers: { 'x-forwarded-for': '203.0.113.51' } })).status).toBe(200)
      expect((await send('/?subprocessorSearch=budget-staff', { headers: { ...client, cookie: staff } })).status).toBe(200)
      // An IPv6 client is counted by its /64.
      const v6 = await Promise.all(
        Array.from({ length: 12 }, (_, index) => send(`/?subprocessorSearch=v6-${index}`, { headers: { 'x-forwarded-for': `2001:db8:7:7::${index + 1}` } })),
      )
      expect(v6.map((answer) => answer.status)).toContain(429)
    }, 120_000)

    it('a client without a session has no way around its budget: its own flash message, an Authorization header, a data request', async () => {
      // A genuine flash message is anyone's for a form post (the NDA's failure toast), and its signature never lapses.
      const flash = [(await send('/nda', { headers: form(), body: 'x=1' })).headers['set-cookie']].flat().find((value) => value?.startsWith('tc_flash='))
      expect(flash).toBeDefined()
      for (const [index, [what, path, headers]] of (
        [
          ['a flash message', '/?subprocessorSearch=flash-', { cookie: flash!.split(';')[0] }],
          ['an Authorization header', '/?subprocessorSearch=bearer-', { authorization: 'Bearer nobody' }],
          ["the home page's data request", '/_root.data?subprocessorSearch=', {}],
          ["a page's data request spelt /.data", '/item/soc-2-type-2-report/.data?subprocessorSearch=', {}],
        ] as const
      ).entries()) {
        const client = { 'x-forwarded-for': `203.0.113.${60 + index}` }
        const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => send(`${path}${n}`, { headers: { ...client, ...headers } })))
        expect({ what, statuses: answers.map((answer) => answer.status) }).toEqual({ what, statuses: expect.arrayContaining([200, 429]) })
      }
    }, 120_000)

    it('a resource route (a file, an archive, a feed) has no .data form that would buffer it whole', async () => {
      expect((await send(`/portal/northwind/files/${publicFileId}`)).status).toBe(200)
      for (const path of [`/portal/northwind/files/${publicFileId}.data`, `/portal/northwind/files/${publicFileId}/policy.pdf.data`, '/portal/northwind/updates.atom.data']) {
        const answer = await send(path)
        expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 404, body: 'Not found' })
      }
      // The probes are the listener's, not routes: no data form either.
      expect((await send('/healthz.data')).status).toBe(404)
      expect((await send('/readyz.data')).status).toBe(404)
      const archive = await send('/portal/northwind/bulk-download.data', { headers: form(), body: `fileId=${publicFileId}` })
      expect(archive.status).toBe(404)
      // Pages keep their data form, which is how the app navigates, and so do actions a JavaScript form posts to.
      expect((await send('/portal/northwind.data')).status).toBe(200)
      const loggedOut = await send('/logout.data', { headers: form({ cookie: await signIn() }), body: '' })
      expect(loggedOut.status).toBe(202)
      expect(loggedOut.body).toContain('"redirect","/login"')
    })
  })
}
