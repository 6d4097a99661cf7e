import { withSynonyms } from '../../app/lib/search-synonyms'

// The security synonyms (app/lib/search-synonyms.ts, issue 24 item 12) in the server's text search: the
// query a visitor types, with each run of words the list knows searched as any phrase of its group.

/**
 * A to_tsquery text: every word as a prefix, and every run of words the list knows as any phrase of its
 * group, so "2FA" is `(2fa:* | mfa | (multi <-> factor) | …)`. The word as typed stays a prefix; a phrase is
 * its words in a row (PostgreSQL's phrase operator; stop words inside it keep their distance).
 */
export function synonymQuery(words: readonly string[]) {
  const lower = words.map((word) => word.toLowerCase())
  const typed = new Set(lower)
  return withSynonyms(lower)
    .map((part) => {
      if ('word' in part) return `${part.word}:*`
      const phrases = part.phrases.map((phrase) => (phrase.length > 1 ? `(${phrase.join(' <-> ')})` : typed.has(phrase[0]) ? `${phrase[0]}:*` : phrase[0]))
      return `(${phrases.join(' | ')})`
    })
    .join(' & ')
}
