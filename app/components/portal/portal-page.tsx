import { Suspense, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import type { PortalView, SectionId } from './types'
import { CardDrawer } from './card-drawer'
import { CardGrid } from './cards'
import { DocumentsSection } from './documents-section'
import { CertificationsSection, HelpSection, KnowledgeBaseSection, OverviewSection, SubprocessorsSection, TrustedBySection } from './sections'
import { UpdatesSection } from './updates-section'
import { SectionNav } from './section-nav'
import { ShareAndSubscribe } from './share-popover'
import { SearchBox } from './search/search-box'
import { StaffBar } from './editing/staff-bar'
import { EditorDialogs, GettingStarted, loadGettingStarted, loadStaffTools } from './staff-tools'
import { AccountMenu, FaqDialog, loadVisitorTools, PreviewBanner, VisitorDialogs } from './visitor-tools'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { BellIcon, ChevronIcon, HelpIcon, ShieldIcon } from '~/components/icons'
import { withQuery } from '~/lib/format'
import { PROJECT_NAME, PROJECT_URL } from '~/lib/project'

export function PortalPage({ view, actionData }: { view: PortalView; actionData?: AccessActionData }) {
  // Staff pages fetch their tools as hydration starts, not when a tool is first rendered.
  if (view.editor && typeof document !== 'undefined') void loadStaffTools()
  if (view.gettingStarted && typeof document !== 'undefined') void loadGettingStarted()
  const visitor = view.visitor
  const showsVisitorTools = visitorToolsShown(view, actionData)
  if (showsVisitorTools && typeof document !== 'undefined') void loadVisitorTools()
  return (
    <div className="portal">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <StaffBar view={view} />
      {view.viewingAsPublic ? (
        <div className="preview-banner" role="region" aria-label="Viewing as the public">
          <span>Viewing as the public</span>
          <Link to={view.viewingAsPublic.exitHref}>Exit</Link>
        </div>
      ) : null}
      {view.gettingStarted ? (
        <Suspense fallback={null}>
          <GettingStarted checklist={view.gettingStarted} />
        </Suspense>
      ) : null}
      {visitor?.preview ? (
        <Suspense fallback={null}>
          <PreviewBanner visitor={visitor} />
        </Suspense>
      ) : null}
      <PortalHeader view={view} />
      {view.recentUpdates.length > 0 ? <NotificationBar view={view} /> : null}
      <SectionNav view={view} />
      {view.product.bannerUrl ? <div className="portal-banner" style={{ backgroundImage: `url("${view.product.bannerUrl}")` }} /> : null}
      <main id="main" className="portal-main">
        {view.portal.reviewBanner ? <ReviewBanner view={view} /> : null}
        {view.sections.map((section) => (
          <PortalSection key={section} id={section} view={view} />
        ))}
      </main>
      <ShareAndSubscribe view={view} />
      <PortalFooter view={view} />
      <ContactBubble view={view} />
      {view.openCard ? <CardDrawer view={view} card={view.openCard} /> : null}
      {view.knowledgeBase?.dialog ? (
        <Suspense fallback={null}>
          <FaqDialog view={view} />
        </Suspense>
      ) : null}
      {visitor && showsVisitorTools ? (
        <Suspense fallback={null}>
          <VisitorDialogs view={view} visitor={visitor} actionData={actionData} />
        </Suspense>
      ) : null}
      {view.editor?.dialog ? (
        <Suspense fallback={null}>
          <EditorDialogs view={view} />
        </Suspense>
      ) : null}
    </div>
  )
}

function PortalSection({ id, view }: { id: SectionId; view: PortalView }) {
  switch (id) {
    case 'overview_and_certifications':
      return (
        <div className="row row--split">
          {view.overview ? <OverviewSection view={view} /> : null}
          {view.certifications ? <CertificationsSection view={view} /> : null}
        </div>
      )
    case 'overview':
      return view.overview ? <OverviewSection view={view} /> : null
    case 'certifications':
      return view.certifications ? <CertificationsSection view={view} /> : null
    case 'trusted_by':
      return <TrustedBySection view={view} />
    case 'subprocessors':
      return <SubprocessorsSection view={view} />
    case 'documents':
      return <DocumentsSection view={view} />
    case 'cards':
      return <CardGrid view={view} />
    case 'knowledge_base':
      return <KnowledgeBaseSection view={view} />
    case 'trust_center_updates':
      return <UpdatesSection view={view} />
    case 'help':
      return <HelpSection view={view} />
  }
}

function PortalHeader({ view }: { view: PortalView }) {
  const { org, portal } = view
  return (
    <header className="portal-header">
      <div className="portal-header__inner">
        <a className="portal-header__brand" href={org.website ?? view.product.home} {...(org.website ? { rel: 'noopener' } : {})}>
          {org.logoUrl ? <img src={org.logoUrl} alt={`${org.name} logo`} height={32} /> : <span className="portal-header__name">{org.name}</span>}
        </a>
        <h1 className={portal.showTitle ? 'portal-header__title' : 'visually-hidden'}>{portal.showTitle ? portal.title : `${org.name} ${portal.title}`}</h1>
        <SearchBox view={view} />
        <div className="portal-header__actions">
          {view.products.length > 1 ? <ProductSelector view={view} /> : null}
          {view.visitor?.account ? (
            <Suspense fallback={null}>
              <AccountMenu view={view} visitor={view.visitor} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  )
}

/** A disclosure of links: each product is a page of its own, so this works without JavaScript. */
function ProductSelector({ view }: { view: PortalView }) {
  const current = view.products.find((product) => product.current)
  const menu = useRef<HTMLDetailsElement>(null)
  return (
    <details className="product-selector" ref={menu}>
      <summary aria-label={`Product: ${current?.name ?? ''}`}>
        <span>{current?.name}</span>
        <ChevronIcon size={16} />
      </summary>
      <nav aria-label="Products">
        <ul>
          {view.products.map((product) => (
            <li key={product.slug}>
              <Link to={product.href} aria-current={product.current ? 'page' : undefined} onClick={() => menu.current?.removeAttribute('open')}>
                {product.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  )
}

function NotificationBar({ view }: { view: PortalView }) {
  const location = useLocation()
  const latest = view.recentUpdates[0]
  return (
    <div className="notification-bar" role="region" aria-label="Recent updates">
      <BellIcon size={16} />
      <span>
        <strong>New update:</strong> {latest.title}
      </span>
      <Link to={withQuery(location.pathname, location.search, { tcuUid: latest.id, updatesPage: null })} preventScrollReset>
        Read update
      </Link>
    </div>
  )
}

function ReviewBanner({ view }: { view: PortalView }) {
  const location = useLocation()
  // This browser's request is pending (its cookie, decision 057): said instead of offering it again.
  const pending = view.visitor?.pendingRequest
  return (
    <section className="review-banner" aria-labelledby="review-banner-title">
      <div className="review-banner__icon">
        <ShieldIcon size={28} />
      </div>
      <div className="review-banner__text">
        <h2 id="review-banner-title">Start your security review</h2>
        <ul>
          <li>View &amp; download sensitive information</li>
          <li>{view.portal.reviewBanner?.informationSubtitle}</li>
        </ul>
      </div>
      <div className="review-banner__actions">
        {pending ? (
          <p className="review-banner__pending">
            <strong>Your request is pending review</strong>
            <span>We'll email {pending.email} once it's decided.</span>
          </p>
        ) : (
          <Link className="button button--primary" to={withQuery(location.pathname, location.search, { requestAccess: 'true', loginRequest: null })}>
            Request access
          </Link>
        )}
        <Link className="button button--secondary" to={withQuery(location.pathname, location.search, { loginRequest: 'true', requestAccess: null })}>
          Log in
        </Link>
      </div>
    </section>
  )
}

function PortalFooter({ view }: { view: PortalView }) {
  return (
    <footer className="portal-footer">
      <p>
        © {view.org.name}. {view.portal.title}
      </p>
      <a className="built-on" href={PROJECT_URL} rel="noopener">
        <ShieldIcon size={14} /> Built on {PROJECT_NAME}
      </a>
    </footer>
  )
}

/** Contact bubble: a disclosure, so it opens without JavaScript. */
function ContactBubble({ view }: { view: PortalView }) {
  const { contactSupport, reportIssue } = view.portal
  if (!contactSupport && !reportIssue) return null
  return (
    <details className="contact-bubble">
      <summary aria-label="Contact">
        <HelpIcon size={22} />
      </summary>
      <ul className="contact-bubble__menu">
        {contactSupport ? (
          <li>
            <a href={contactSupport.href} {...(contactSupport.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              Contact support
            </a>
          </li>
        ) : null}
        {reportIssue ? (
          <li>
            <a href={reportIssue.href} {...(reportIssue.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              Report issue
            </a>
          </li>
        ) : null}
      </ul>
    </details>
  )
}

/** Whether the page shows anything of the visitor journey beyond the public page (then its module loads). */
export function visitorToolsShown(view: PortalView, actionData?: unknown) {
  const visitor = view.visitor
  if (!visitor) return false
  return Boolean(
    actionData ||
    visitor.accessModal ||
    visitor.account ||
    visitor.preview ||
    visitor.ndaDialog ||
    visitor.accessExpired ||
    visitor.inviteDialog ||
    visitor.welcome ||
    visitor.comments ||
    visitor.subscribe ||
    visitor.subscribeStatus ||
    visitor.unsubscribe,
  )
}
