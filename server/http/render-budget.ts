import { isLoopbackAddress, throttledAddress } from './client-address'

// How many pages a client without a session may have rendered for it: the portal's pages are stored and
// served to everyone, so a visitor's clicks are answered from the store; what is not stored yet (a dialog
// nobody opened, a search term, a page of a new content version) is rendered, and a client asking for
// endless new URLs would have the server render each. A token bucket per client (an IPv4 address or an
// IPv6 /64, as every limit counts): a burst, then a steady rate; beyond it 429 with Retry-After.
// docs/decisions/036-anonymous-render-budget.md

// PAGE_RENDER_BUDGET (server/env.ts) sets both: 30/2 by default.
const MAX_CLIENTS = 10_000

export type RenderBudget = ReturnType<typeof createRenderBudget>

export function createRenderBudget({
  burst,
  perSecond,
  maxClients = MAX_CLIENTS,
  now = () => performance.now(),
}: {
  burst: number
  perSecond: number
  maxClients?: number
  now?: () => number
}) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    /**
     * Spends one render of the client at `address` (clientAddress's); 0 when it had one, else the whole seconds
     * until it has. This machine itself (a health check, a local proxy without TRUST_PROXY, the tests) is not counted.
     */
    take(address: string) {
      if (isLoopbackAddress(address)) return 0
      const client = throttledAddress(address)
      const at = now()
      const bucket = buckets.get(client)
      const tokens = bucket ? Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond) : burst
      // Oldest first out: a Map keeps insertion order, so a client seen again moves to the end.
      buckets.delete(client)
      if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!)
      if (tokens < 1) {
        buckets.set(client, { tokens, at })
        return Math.max(1, Math.ceil((1 - tokens) / perSecond))
      }
      buckets.set(client, { tokens: tokens - 1, at })
      return 0
    },
  }
}

export const TOO_MANY_RENDERS = 'Too many pages asked for at once. Please try again in a few seconds.'

/**
 * However many clients ask (one host holds 65,536 IPv6 /64s in a /48), at most `concurrent` renders for
 * requests without a session run at once and `queued` more wait their turn; beyond that `enter` answers
 * null and the request is refused (503) at once, costing nothing. Stored pages and signed-in requests
 * never pass through it.
 */
export function createRenderGate({ concurrent, queued }: { concurrent: number; queued: number }) {
  let running = 0
  const waiting: (() => void)[] = []
  /** Hands the place to the longest waiting request, or frees it; once per entry however often it is called. */
  const exit = () => {
    let done = false
    return () => {
      if (done) return
      done = true
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
  return {
    async enter(): Promise<(() => void) | null> {
      if (running < concurrent) {
        running++
        return exit()
      }
      if (waiting.length >= queued) return null
      await new Promise<void>((resolve) => waiting.push(resolve))
      return exit()
    },
    get load() {
      return { running, waiting: waiting.length }
    },
  }
}

export const RENDER_GATE = { concurrent: 4, queued: 64 }
export const SERVER_BUSY = 'The server is busy. Please try again in a few seconds.'
