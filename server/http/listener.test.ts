import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { readForm } from './forms'
import { createFetchListener, type FetchHandler } from './listener'

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function serve(handler: FetchHandler, bodyLimit = 1024) {
  const errors: unknown[] = []
  const listener = createFetchListener(handler, { origin: () => 'http://localhost', bodyLimit: () => bodyLimit, onError: (error) => errors.push(error) })
  const server = http.createServer(listener)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, errors, port: (server.address() as AddressInfo).port }
}

/** Sends raw bytes and resolves with everything the server answered (until it closes or goes quiet). */
function raw(port: number, payload: string, options: { closeAfterWrite?: boolean } = {}) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(payload)
      if (options.closeAfterWrite) socket.destroy()
    })
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', () => resolve(answer))
    socket.setTimeout(2000, () => socket.destroy())
  })
}

describe('the listener guard', () => {
  it.each(['/\u000b', '/\u0001', '/\u001b', '/\u007f'])('answers 500 instead of crashing on a Location of %j', async (location) => {
    const { base, errors } = await serve(async () => new Response(null, { status: 302, headers: { location } }))
    const response = await fetch(`${base}/login`, { redirect: 'manual' })
    expect(response.status).toBe(500)
    expect(response.headers.get('location')).toBeNull()
    expect(String(errors[0])).toMatch(/invalid location header/)
    // The same server still answers.
    expect((await fetch(`${base}/again`, { redirect: 'manual' })).status).toBe(500)
  })

  it('sends every Set-Cookie, and lets the response override a header set before it', async () => {
    const listener = createFetchListener(
      async () => {
        const headers = new Headers({ location: '/home', 'x-frame-options': 'DENY' })
        headers.append('set-cookie', 'tc_visitor=a; Path=/')
        headers.append('set-cookie', 'tc_flash=b; Path=/')
        return new Response(null, { status: 302, headers })
      },
      { origin: () => 'http://localhost', bodyLimit: () => 1024 },
    )
    // The app sets its base security headers before the listener writes the response's own.
    const server = http.createServer((req, res) => {
      res.setHeader('X-Frame-Options', 'SAMEORIGIN')
      res.setHeader('X-Content-Type-Options', 'nosniff')
      listener(req, res)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { redirect: 'manual' })
    expect(response.headers.getSetCookie()).toEqual(['tc_visitor=a; Path=/', 'tc_flash=b; Path=/'])
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers 500 when the handler throws, and keeps serving', async () => {
    let calls = 0
    const { base } = await serve(async () => {
      calls++
      if (calls === 1) throw new Error('boom')
      return new Response('fine')
    })
    expect((await fetch(`${base}/`)).status).toBe(500)
    expect(await (await fetch(`${base}/`)).text()).toBe('fine')
  })

  it('ends only that response when the body fails half-way', async () => {
    let first = true
    const { base, port } = await serve(async () => {
      if (!first) return new Response('next')
      first = false
      let sent = false
      const body = new ReadableStream({
        async pull(controller) {
          if (!sent) {
            sent = true
            return controller.enqueue(new TextEncoder().encode('partial'))
          }
          await new Promise((resolve) => setTimeout(resolve, 50))
          controller.error(new Error('disk gone'))
        },
      })
      return new Response(body)
    })
    const answer = await raw(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(answer).toContain('partial')
    expect(await (await fetch(`${base}/`)).text()).toBe('next')
  })

  it('refuses a target with a NUL, which only PostgreSQL would refuse, later, as a 500', async () => {
    const { base } = await serve(async () => new Response('reached the app'))
    for (const path of ['/portal/%00', '/documents?q=%00', '/a%00b']) expect((await fetch(`${base}${path}`)).status).toBe(400)
    expect((await fetch(`${base}/portal/ok`)).status).toBe(200)
  })

  it('refuses methods the Fetch API cannot carry with a 405, not a 500', async () => {
    const { port } = await serve(async () => new Response('reached the app'))
    expect(await raw(port, 'TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 405/)
    // Node's own parser answers a method it does not know.
    expect(await raw(port, 'TRACK / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 4\d\d/)
  })

  it('refuses an absolute-form target, which would choose the URL host', async () => {
    const { port } = await serve(async (request) => new Response(request.url))
    const answer = await raw(port, 'GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400/)
    expect(answer).not.toContain('evil.example')
  })

  it('errors a body past its limit instead of buffering it', async () => {
    const { base } = await serve(async (request) => {
      try {
        await readForm(request)
        return new Response('read')
      } catch (error) {
        const status = (error as { init?: { status?: number } }).init?.status ?? 500
        return new Response('refused', { status })
      }
    }, 100)
    // Sent chunked, so no Content-Length lets anything refuse it up front.
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`a=${'x'.repeat(1000)}`))
        controller.close()
      },
    })
    const response = await fetch(`${base}/`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
  })

  it('does not leave a handler waiting forever for a body the client abandoned', async () => {
    let settled: (value: string) => void
    const outcome = new Promise<string>((resolve) => (settled = resolve))
    const { port } = await serve(async (request) => {
      await request.text().then(
        () => settled('read'),
        () => settled('failed'),
      )
      return new Response('done')
    }, 10_000)
    await raw(port, 'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\na=1', { closeAfterWrite: true })
    expect(await outcome).toBe('failed')
  })

  it('drops a body the handler left unread, so the next request on a kept-alive socket is answered', async () => {
    let calls = 0
    const { port } = await serve(async () => new Response(`answer ${++calls}`, { status: 400 }), 10_000_000)
    const body = 'a='.padEnd(300_000, 'x')
    const first = `POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`
    const answer = await raw(port, `${first}GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
    expect(answer).toContain('answer 1')
    expect(answer).toContain('answer 2')
  })

  it('cancels the body of a response whose client went away, at whatever point of the writing', async () => {
    // A download abandoned half-way: the source (an open file, a zip being built) must be released.
    for (const pause of [0, 5, 30]) {
      let cancelled: () => void
      const released = new Promise<void>((resolve) => (cancelled = resolve))
      const chunk = new Uint8Array(64 * 1024)
      const { port } = await serve(
        async () =>
          new Response(
            new ReadableStream<Uint8Array>({
              async pull(controller) {
                if (pause) await new Promise((resolve) => setTimeout(resolve, pause))
                controller.enqueue(chunk)
              },
              cancel: () => cancelled(),
            }),
          ),
      )
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'))
        socket.once('data', () => {
          socket.destroy()
          resolve()
        })
      })
      const outcome = await Promise.race([released.then(() => 'released'), new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))])
      expect(outcome, `pause ${pause} ms`).toBe('released')
    }
  })
})
