import { isIP, isIPv6 } from 'node:net'
import type { IncomingMessage } from 'node:http'

// The one place that decides who a request comes from: sign-in throttling, form rate limits and audit
// entries all key on it. Without a trusted proxy it is the socket's peer; behind TRUST_PROXY hops it is
// the X-Forwarded-For entry that many hops from the right, since only the proxies' own entries are honest.

export function clientAddress(req: Pick<IncomingMessage, 'headers'> & { socket: { remoteAddress?: string } }, trustedHops: number): string {
  const peer = normaliseAddress(req.socket.remoteAddress) ?? 'unknown'
  if (trustedHops <= 0) return peer
  const header = req.headers['x-forwarded-for']
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const chain = [...forwarded, peer]
  // chain[last] is our peer (the nearest proxy); each trusted hop vouches for the entry before it.
  const candidate = chain[Math.max(0, chain.length - 1 - trustedHops)]
  return normaliseAddress(candidate) ?? peer
}

/** An IP address in its plain form (IPv4-mapped IPv6 as IPv4), or null when it is not an address. */
export function normaliseAddress(value: string | undefined): string | null {
  if (!value) return null
  const bare = value.startsWith('[') && value.includes(']') ? value.slice(1, value.indexOf(']')) : value
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  const address = mapped ? mapped[1] : bare
  return isIP(address) ? address.toLowerCase() : null
}

/**
 * The unit a client is counted as in every rate limit (sign-in, forms, mails): an IPv4 address, or the
 * /64 an IPv6 host is usually given whole (otherwise one host would have endless addresses to spend).
 */
export function throttledAddress(clientAddress: string) {
  if (!isIPv6(clientAddress)) return clientAddress
  // A trailing dotted quad is the last two groups.
  const hex = clientAddress.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`)
  const [head, tail] = hex.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`
}

/** This machine itself: 127.0.0.0/8 or ::1 (as clientAddress spells them). */
export const isLoopbackAddress = (address: string) => address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address)
