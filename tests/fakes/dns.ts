// A local DNS server for tests (RFC 1035 over UDP, loopback only): it answers TXT questions from the records it
// is given, so the app's node:dns Resolver, pointed here by DNS_SERVERS, does a real lookup. Each name can also
// fail the ways a real resolver does: no such name (NXDOMAIN), SERVFAIL, or no answer at all (a timeout).
import { createSocket } from 'node:dgram'
import { readFileSync } from 'node:fs'

/** What the server says for a name: TXT values, or one of the failures. */
export type FakeDnsAnswer = string[] | 'servfail' | 'silent'

export interface FakeDns {
  port: number
  /** DNS_SERVERS for the app: this server. */
  servers: string
  /** Sets (or with undefined, drops) the answer for a name; an unknown name is NXDOMAIN. */
  set(name: string, answer: FakeDnsAnswer | undefined): void
  close(): Promise<void>
}

const TXT = 16

/**
 * On `port` (any free one by default). With `recordsFile`, each question also reads that file: JSON lines of
 * `{ "name": ..., "answer": ... }`, the last line for a name winning (how another process sets records).
 */
export async function startFakeDns({ port: listenOn = 0, recordsFile }: { port?: number; recordsFile?: string } = {}): Promise<FakeDns> {
  const answers = new Map<string, FakeDnsAnswer>()
  const socket = createSocket('udp4')

  function answerFor(name: string): FakeDnsAnswer | undefined {
    if (recordsFile) {
      let lines: string[] = []
      try {
        lines = readFileSync(recordsFile, 'utf8').split('\n').filter(Boolean)
      } catch {
        // No file yet: no records from it.
      }
      for (const line of lines.reverse()) {
        const record = JSON.parse(line) as { name: string; answer: FakeDnsAnswer | null }
        if (record.name.toLowerCase() === name) return record.answer ?? undefined
      }
    }
    return answers.get(name)
  }

  socket.on('message', (query, remote) => {
    if (query.length < 17) return
    // The question: length-prefixed labels up to a zero byte, then its type and class.
    const labels: string[] = []
    let offset = 12
    while (offset < query.length && query[offset] !== 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]).toString('latin1'))
      offset += query[offset] + 1
    }
    const questionEnd = offset + 5
    if (questionEnd > query.length) return
    const name = labels.join('.').toLowerCase()
    const type = query.readUInt16BE(offset + 1)
    const answer = answerFor(name)
    if (answer === 'silent') return
    const values = Array.isArray(answer) && type === TXT ? answer : []
    // NOERROR with the records (or none: "no data"), SERVFAIL, or NXDOMAIN for a name the server does not know.
    const rcode = answer === 'servfail' ? 2 : answer === undefined ? 3 : 0
    const header = Buffer.alloc(12)
    header.writeUInt16BE(query.readUInt16BE(0), 0)
    header.writeUInt16BE(0x8180 | (query.readUInt16BE(2) & 0x0100) | rcode, 2)
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(values.length, 6)
    const records = values.map((value) => {
      // A TXT value travels as strings of at most 255 bytes.
      const bytes = Buffer.from(value, 'utf8')
      const chunks: Buffer[] = []
      for (let start = 0; start === 0 || start < bytes.length; start += 255) {
        const chunk = bytes.subarray(start, start + 255)
        chunks.push(Buffer.from([chunk.length]), chunk)
      }
      const rdata = Buffer.concat(chunks)
      const fixed = Buffer.alloc(12)
      fixed.writeUInt16BE(0xc00c, 0) // the name: a pointer to the question's
      fixed.writeUInt16BE(TXT, 2)
      fixed.writeUInt16BE(1, 4) // IN
      fixed.writeUInt32BE(60, 6) // TTL
      fixed.writeUInt16BE(rdata.length, 10)
      return Buffer.concat([fixed, rdata])
    })
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records]), remote.port, remote.address)
  })

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(listenOn, '127.0.0.1', () => resolve())
  })
  const { port } = socket.address()
  return {
    port,
    servers: `127.0.0.1:${port}`,
    set(name, answer) {
      if (answer === undefined) answers.delete(name.toLowerCase())
      else answers.set(name.toLowerCase(), answer)
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
