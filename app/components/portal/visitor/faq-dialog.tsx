// The FAQ dialog ("View all" in the Knowledge Base (FAQs) section): every entry with its answer and
// comment, and a filter. The server renders it when the URL asks (`faqs=true`), filtered by `faqQuery`
// through a plain GET form, so it works without JavaScript; with JavaScript the list follows the typing.
// Loaded on demand (visitor-tools.tsx).
import { useEffect, useId, useMemo, useState } from 'react'
import { Form, useLocation } from 'react-router'
import { FAQ_QUERY_MAX, type FaqView, type PortalView } from '~/lib/portal-view'
import { SearchIcon } from '~/components/icons'
import { Dialog } from '~/components/ui/dialog'
import { withQuery } from '~/lib/format'
import { FaqAnswer } from '../sections'

/** Text as the filter compares it: any case, accents ignored. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** The entries that hold every word of `query` in their question, answer or comment. */
export function filterFaqs<Faq extends FaqView>(faqs: readonly Faq[], folded: readonly string[], query: string): Faq[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (!words.length) return [...faqs]
  return faqs.filter((_, index) => words.every((word) => folded[index].includes(word)))
}

const questions = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`

export function FaqDialog({ view }: { view: PortalView }) {
  const location = useLocation()
  const inputId = useId()
  const query = view.knowledgeBase?.dialog?.query ?? ''
  const [term, setTerm] = useState(query)
  // Back and forward between filtered URLs show what the URL says.
  useEffect(() => setTerm(query), [query])
  const folded = useMemo(() => view.faqs.map((faq) => fold(`${faq.question}\n${faq.answer}\n${faq.comment ?? ''}`)), [view.faqs])
  const shown = filterFaqs(view.faqs, folded, term)
  const closeHref = withQuery(location.pathname, location.search, { faqs: null, faqQuery: null })
  // The GET form keeps the rest of the page's state (product, document tab, ...).
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== 'faqs' && name !== 'faqQuery')
  const filtered = term.trim() !== ''
  return (
    <Dialog title="Knowledge Base (FAQs)" closeHref={closeHref} size="large">
      <Form method="get" action={location.pathname} role="search" aria-label="Filter the knowledge base" className="faq-dialog__filter" preventScrollReset replace>
        {kept.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="faqs" value="true" />
        <label htmlFor={inputId} className="visually-hidden">
          Filter questions
        </label>
        <span className="search-field">
          <SearchIcon size={16} />
          <input
            id={inputId}
            type="search"
            name="faqQuery"
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            maxLength={FAQ_QUERY_MAX}
            placeholder="Filter questions"
          />
        </span>
        <button type="submit" className="button button--secondary button--small">
          Filter
        </button>
      </Form>
      <p className="faq-dialog__count" role="status">
        {filtered ? `${questions(shown.length)} of ${view.faqs.length} match` : questions(view.faqs.length)}
      </p>
      {shown.length ? (
        <ul className="faq-dialog__list">
          {shown.map((faq) => (
            <li key={faq.id} className="faq-dialog__entry">
              <h3>{faq.question}</h3>
              <FaqAnswer faq={faq} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No questions match &ldquo;{term.trim()}&rdquo;.</p>
      )}
    </Dialog>
  )
}
