// The journeys' DNS (custom domains, docs/decisions/041): a fake DNS server the test runner holds for the whole
// run (playwright.config.ts gives the demo servers DNS_SERVERS pointing here), answering from a records file
// the specs append to, one JSON line a record, the last line for a name winning.
import { appendFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startFakeDns, type FakeDnsAnswer } from '../../fakes/dns'
import { journeyBase } from './journey-mail'

/** The fake DNS server's port, from the run's E2E_PORT: the one after the journey servers' SMTP ports. */
export const dnsPort = (base: number) => base + 6

const recordsFile = (port: number) => path.join(tmpdir(), `tc-e2e-dns-${port}.jsonl`)

/** Makes the fake DNS server answer `name` with `answer` (TXT values), or NXDOMAIN with undefined. */
export function publishDnsRecord(name: string, answer: FakeDnsAnswer | undefined) {
  appendFileSync(recordsFile(dnsPort(journeyBase())), `${JSON.stringify({ name, answer: answer ?? null })}\n`)
}

export default async function startJourneyDns() {
  const port = dnsPort(journeyBase())
  const file = recordsFile(port)
  writeFileSync(file, '')
  const dns = await startFakeDns({ port, recordsFile: file })
  return () => dns.close()
}
