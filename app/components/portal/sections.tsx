import { useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation, useSubmit } from 'react-router'
import type { FaqView, PortalView, SubprocessorColumn } from './types'
import { itemHref, LockBadge } from './cards'
import { SearchIcon } from '~/components/icons'
import { CompanyInitials } from '~/components/ui/company-initials'
import { CardMenu } from './editing/card-menu'
import { dialogHref } from './editing/links'
import { formatDate, withQuery } from '~/lib/format'
import { FAQ_PREVIEW_ENTRIES } from '~/lib/portal-view'
import { loadFaqDialog } from './visitor-tools'

export function OverviewSection({ view }: { view: PortalView }) {
  const overview = view.overview!
  return (
    <section className="panel overview" id="overview" aria-labelledby="overview-title">
      <div className="panel__header">
        <h2 id="overview-title">{overview.title}</h2>
        <CardMenu view={view} kind="Overview" title={overview.title} />
      </div>
      <div className="overview__text">
        {overview.text.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </section>
  )
}

export function CertificationsSection({ view }: { view: PortalView }) {
  const certifications = view.certifications!
  return (
    <section className="panel certifications" id="certifications" aria-labelledby="certifications-title">
      <div className="panel__header">
        <h2 id="certifications-title">{certifications.title}</h2>
        <CardMenu view={view} kind="Certifications" title={certifications.title} />
      </div>
      <ul className="certifications__grid">
        {certifications.items.map((item) => (
          <li key={item.uid}>
            <Link className="certification" to={itemHref(view, item)} preventScrollReset>
              <img src={item.logo ?? '/images/certifications/generic.svg'} alt="" width={56} height={56} loading="lazy" />
              <span className="certification__title">{item.title}</span>
              {item.locked ? <LockBadge /> : null}
              {item.enabledState === 'WorkInProgress' ? <span className="tag tag--warning">In Progress</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function TrustedBySection({ view }: { view: PortalView }) {
  const trustedBy = view.trustedBy
  if (!trustedBy) return null
  return (
    <section className="panel trusted-by" aria-labelledby="trusted-by-title">
      <div className="panel__header">
        <h2 id="trusted-by-title">{trustedBy.title}</h2>
        <CardMenu view={view} kind="TrustedBy" title="Trusted by" />
      </div>
      <ul className="trusted-by__grid">
        {trustedBy.companies.map((company) => (
          <li key={company.name} className="trusted-by__company">
            <CompanyLogo name={company.name} logoUrl={company.logoUrl} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A company logo that falls back to a building icon when missing or broken. */
function CompanyLogo({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  const [failed, setFailed] = useState(false)
  if (!logoUrl || failed) {
    return (
      <span className="company-fallback" title={name}>
        <CompanyInitials name={name} />
        <span>{name}</span>
      </span>
    )
  }
  return <img src={logoUrl} alt={name} height={56} loading="lazy" onError={() => setFailed(true)} />
}

const COLUMN_LABELS: Record<SubprocessorColumn, string> = {
  purpose: 'Purpose',
  location: 'Location',
  additionalDetails: 'Additional Details',
}

export function SubprocessorsSection({ view }: { view: PortalView }) {
  const subprocessors = view.subprocessors
  const submit = useSubmit()
  const location = useLocation()
  const [term, setTerm] = useState(subprocessors?.search ?? '')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  if (!subprocessors) return null
  // Created At and the row actions show in edit mode only (Main mode with statuspage:edit).
  const editing = view.editor !== null

  // Without JavaScript the form submits on Enter; with it, results follow the typing.
  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form
    setTerm(event.currentTarget.value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 250)
  }

  return (
    <section className="panel subprocessors" id="subprocessors" aria-labelledby="subprocessors-title">
      <div className="panel__header">
        <h2 id="subprocessors-title">{subprocessors.title}</h2>
        <CardMenu view={view} kind="Subprocessors" title={subprocessors.title} />
        <Form method="get" action={`${location.pathname}#subprocessors`} role="search" className="search-field" preventScrollReset>
          <SearchIcon size={16} />
          <input
            type="search"
            name="subprocessorSearch"
            value={term}
            onChange={onChange}
            maxLength={200}
            placeholder="Search by subprocessor name or information"
            aria-label="Search by subprocessor name or information"
          />
          <button type="submit" className="visually-hidden">
            Search
          </button>
        </Form>
        {editing ? (
          <Link to={dialogHref(location, 'subprocessorAdd')} preventScrollReset className="button button--small button--primary">
            Add subprocessor
          </Link>
        ) : null}
      </div>
      <div className="table-scroll">
        <table className="subprocessors__table">
          <thead>
            <tr>
              <th scope="col">Company</th>
              {subprocessors.columns.map((column) => (
                <th scope="col" key={column}>
                  {COLUMN_LABELS[column]}
                </th>
              ))}
              {editing ? (
                <>
                  <th scope="col">Created At</th>
                  <th scope="col">Actions</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {subprocessors.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <span className="subprocessor">
                    {row.logoUrl ? <img src={row.logoUrl} alt="" width={25} height={25} loading="lazy" /> : <CompanyInitials name={row.company} size="small" />}
                    <span>{row.company}</span>
                  </span>
                </th>
                {subprocessors.columns.map((column) => (
                  <td key={column} data-label={COLUMN_LABELS[column]}>
                    {row[column]}
                  </td>
                ))}
                {editing ? (
                  <>
                    <td className="subprocessors__created" data-label="Created At">
                      {row.createdAt ? formatDate(row.createdAt) : null}
                    </td>
                    <td>
                      <span className="subprocessors__actions">
                        <Link to={dialogHref(location, 'subprocessorEdit', row.id)} preventScrollReset className="button button--small button--secondary">
                          Edit<span className="visually-hidden"> {row.company}</span>
                        </Link>
                        <Link to={dialogHref(location, 'subprocessorDelete', row.id)} preventScrollReset className="button button--small button--secondary">
                          Delete<span className="visually-hidden"> {row.company}</span>
                        </Link>
                      </span>
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {subprocessors.rows.length === 0 ? (
          <p className="empty" role="status">
            No results match this criteria
          </p>
        ) : null}
      </div>
    </section>
  )
}

/** The first entries as disclosures, then "View all", which opens the FAQ dialog (`faqs=true`). */
export function KnowledgeBaseSection({ view }: { view: PortalView }) {
  const location = useLocation()
  const knowledgeBase = view.knowledgeBase
  if (!knowledgeBase || !view.faqs.length) return null
  // The dialog's code arrives as the pointer or focus nears the link, or as the page hydrates with it open.
  const prefetchDialog = () => void loadFaqDialog()
  if (knowledgeBase.dialog && typeof document !== 'undefined') prefetchDialog()
  return (
    <section className="panel knowledge-base" id="knowledge-base" aria-labelledby="knowledge-base-title">
      <div className="panel__header">
        <h2 id="knowledge-base-title">Knowledge Base (FAQs)</h2>
        {knowledgeBase.manageHref ? (
          <Link to={knowledgeBase.manageHref} className="button button--secondary button--small">
            Manage
          </Link>
        ) : null}
      </div>
      <div className="faq-list">
        {view.faqs.slice(0, FAQ_PREVIEW_ENTRIES).map((faq) => (
          <details key={faq.id} className="faq">
            <summary>{faq.question}</summary>
            <FaqAnswer faq={faq} />
          </details>
        ))}
      </div>
      <Link
        className="knowledge-base__all"
        to={withQuery(location.pathname, location.search, { faqs: 'true', faqQuery: null })}
        preventScrollReset
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
      >
        View all
      </Link>
    </section>
  )
}

/** An entry's answer and its comment, as the section and the FAQ dialog show them. */
export function FaqAnswer({ faq }: { faq: FaqView }) {
  return (
    <>
      <p>{faq.answer}</p>
      {faq.comment ? <p className="faq__comment">{faq.comment}</p> : null}
    </>
  )
}

export function HelpSection({ view }: { view: PortalView }) {
  const { contactSupport, reportIssue, securityMailbox } = view.portal
  return (
    <section className="panel help" aria-labelledby="help-title">
      <h2 id="help-title">Help</h2>
      <p>
        Questions about {view.org.name}&apos;s security or this {view.portal.title}? Our team is happy to help.
      </p>
      <div className="help__actions">
        {contactSupport ? (
          <a className="button button--secondary" href={contactSupport.href}>
            Contact support
          </a>
        ) : null}
        {reportIssue ? (
          <a className="button button--secondary" href={reportIssue.href}>
            Report issue
          </a>
        ) : null}
      </div>
      {securityMailbox ? (
        <p className="help__note">
          To report a vulnerability, write to <a href={`mailto:${securityMailbox}`}>{securityMailbox}</a>.
        </p>
      ) : null}
    </section>
  )
}
