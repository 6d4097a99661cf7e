import type { ServerResponse } from 'node:http'
import type { HostCheck } from './hosts'
import { writePlain } from './listener'

// Caddy's on-demand TLS asks this before it obtains a certificate for a name a client sent (docs/deploy/Caddyfile):
// 200 for the deployment's own host and for a verified custom domain, 404 for anything else, so nobody can make
// the proxy ask a certificate authority for names of their choosing. Answered for any Host (the proxy asks by
// an internal address), from the host check's short-lived cache: one indexed lookup at most per name.

export const TLS_ASK_PATH = '/.well-known/trust-center/tls-ask'

/** Answers the proxy's question about `?domain=`. */
export async function answerTlsAsk(url: string, hosts: HostCheck, appUrl: string, res: ServerResponse) {
  const query = url.indexOf('?')
  const domain = query === -1 ? null : new URLSearchParams(url.slice(query + 1, query + 1 + 600)).get('domain')
  // A bare host name: no port, no trailing dot; the deployment's own name is asked for as its host name.
  const name = domain?.toLowerCase()
  const allowed = Boolean(name) && !name!.includes(':') && (name === new URL(appUrl).hostname || (await hosts.classify(name)) === 'custom')
  writePlain(res, allowed ? 200 : 404, allowed ? 'OK' : 'Not found')
}
