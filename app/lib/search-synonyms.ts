// Security synonyms (issue 24 item 12, docs/decisions/056-titles-and-search-results.md): the words a
// reviewer types and the words a company writes for the same thing. Applied when a query is read, never to
// the index: a group a query's words spell out is searched as any of its phrases, so "2FA" finds
// "multi-factor authentication" and "pen test" the penetration test. Phrases are written as searched: the
// query's words are letters and digits, lowercased, so "multi-factor" is the words "multi factor".
// Both sides of the search use the list: the server's text search (server/search/synonyms.ts builds its
// tsquery) and the page's instant results (local-search.ts, minisearch), so it stays a small plain module.

export const SECURITY_SYNONYMS: readonly (readonly string[])[] = [
  ['sso', 'single sign on', 'single signon', 'singlesignon'],
  ['mfa', '2fa', 'multi factor', 'multifactor', 'two factor', '2 factor', 'two step verification', '2sv'],
  ['pen test', 'pentest', 'pentests', 'penetration test', 'penetration testing'],
  ['dpa', 'data processing agreement', 'data processing addendum'],
  ['soc2', 'soc 2'],
  ['soc1', 'soc 1'],
  ['soc3', 'soc 3'],
  ['iso27001', 'iso 27001'],
  ['iso27701', 'iso 27701'],
  ['iso27017', 'iso 27017'],
  ['iso27018', 'iso 27018'],
  ['iso42001', 'iso 42001'],
  ['encryption at rest', 'encrypted at rest', 'data at rest'],
  ['encryption in transit', 'encrypted in transit', 'data in transit', 'tls'],
  ['bcp', 'business continuity', 'business continuity plan'],
  ['dr', 'disaster recovery', 'drp', 'disaster recovery plan'],
  ['siem', 'security information and event management', 'security monitoring'],
  ['vuln', 'vulns', 'vulnerability', 'vulnerabilities'],
  ['vdp', 'vulnerability disclosure', 'responsible disclosure', 'bug bounty'],
  ['gdpr', 'general data protection regulation'],
  ['ccpa', 'california consumer privacy act'],
  ['pii', 'personal data', 'personally identifiable information'],
  ['rbac', 'role based access control'],
  ['nda', 'non disclosure agreement'],
  ['sla', 'service level agreement'],
  ['rpo', 'recovery point objective'],
  ['rto', 'recovery time objective'],
  ['ddos', 'denial of service'],
  ['waf', 'web application firewall'],
  ['edr', 'endpoint detection and response', 'endpoint protection'],
  ['sbom', 'software bill of materials'],
  ['sdlc', 'secure development lifecycle', 'software development lifecycle'],
  ['ir', 'incident response'],
  ['subprocessor', 'sub processor', 'subprocessors', 'sub processors'],
  ['kms', 'key management'],
  ['av', 'antivirus', 'anti virus', 'anti malware'],
]

/** The words of a text as a query reads them: letters and digits, lowercased. */
export const queryWords = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) as string[]

const GROUPS = SECURITY_SYNONYMS.map((group) => group.map((phrase) => queryWords(phrase)))
const LONGEST = Math.max(...GROUPS.flat().map((words) => words.length))

/** One part of a query: a word as typed, or a run of words that spells a synonym group (any of its phrases). */
export type QueryPart = { word: string } | { phrases: string[][] }

/**
 * The query's words, with every run that spells a phrase of the list replaced by its group (the longest
 * run first, left to right).
 */
export function withSynonyms(words: readonly string[]): QueryPart[] {
  const parts: QueryPart[] = []
  for (let index = 0; index < words.length;) {
    let found: { length: number; group: string[][] } | null = null
    for (let length = Math.min(LONGEST, words.length - index); length > 0 && !found; length--) {
      const run = words.slice(index, index + length).join(' ')
      const group = GROUPS.find((phrases) => phrases.some((phrase) => phrase.join(' ') === run))
      if (group) found = { length, group }
    }
    if (found) {
      parts.push({ phrases: found.group })
      index += found.length
    } else {
      parts.push({ word: words[index] })
      index += 1
    }
  }
  return parts
}
