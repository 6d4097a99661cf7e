// The shape of what the portal page receives: only what this viewer may see (built in server/portal).
import type { CardKind, EnabledState, ItemField } from './card-kinds'
import type { GettingStartedView } from './getting-started'
import type { GradeProvider, RiskQuestion } from './catalogue/types'
import type { GradeColour } from './security-grades'
import type { SectionId } from './sections'

export type Mode = 'Main' | 'Preview' | 'AccountExternal' | 'Public'

export interface FileView {
  id: string
  name: string
  contentType: string
  viewOnly: boolean
  viewUrl: string
  /** The viewer page, for a view-only document. */
  viewerUrl?: string
  /** Absent when this viewer may not download it. */
  downloadUrl?: string
  /** The item's generated bridge letter (SOC reports): `id` is the item's (`items.id`), sent as `letterId` in a bulk download. */
  letter?: true
  /** When it was uploaded (a letter: when its item was last saved), ISO. */
  updatedAt?: string
}

/** What a bridge letter is called where it is listed: by its report (issue 24 item 5); its file name stays as the spec gives it. */
export const bridgeLetterTitle = (report: string) => `Bridge letter for ${report}`

/** The date a document is listed with (issue 24 item 5): "Valid until {date}" when its item expires, else "Updated {date}". */
export type DocumentDate = { kind: 'validUntil' | 'updated'; on: string }

export interface GradeEntryView {
  label: string
  description: string | null
  url: string | null
  grade: string | null
  colour: GradeColour
}

/** A locked item's or document's one-line summary, type and date, as staff set them (decision 057). */
export interface LockedNote {
  summary: string | null
  type: string | null
  date: string | null
}

export interface ItemView {
  uid: string
  slug: string
  title: string
  kind: CardKind
  enabledState: EnabledState
  locked: boolean
  publicAccess: boolean
  custom: boolean
  hidden?: boolean
  /** Main mode only: who the item shows to, as the staff tag names it (decision 060). */
  state?: ItemState
  logo?: string
  /** Locked items only: what staff chose to tell visitors without access (never the withheld content). */
  lockedNote?: LockedNote
  /** Unlocked items only from here on. */
  explanation?: string | null
  href?: string | null
  maturity?: string | null
  recurrence?: string | null
  auditor?: string | null
  expiresOn?: string | null
  itemType?: string | null
  choice?: { question: string; answer: string } | null
  grades?: GradeEntryView[]
  provider?: string
  files?: FileView[]
  lastModified?: { on: string; by: string | null }
}

/** Everything the edit form needs about one item (Main mode, card drawer in edit mode). */
export interface ItemEditorView {
  uid: string
  slug: string
  kind: CardKind
  title: string
  defaultTitle: string | null
  custom: boolean
  guidance: { short: string; long: string } | null
  fields: readonly ItemField[]
  enabledState: EnabledState
  explanation: string
  href: string
  maturity: string
  recurrence: string
  auditor: string
  expiresOn: string
  itemType: string
  choice: string
  publicAccess: boolean
  hidden: boolean
  featured: boolean
  /** Shown to visitors without access instead of the content ('' when unset). */
  lockedSummary: string
  lockedType: string
  lockedDate: string
  bridgeLetter: { letterEnabled: boolean; letterContent: string; signerName: string; signerTitle: string; letterType: 'SOC 1' | 'SOC 2' } | null
  gradeEntries: { label: string; description: string; url: string; grade: string }[]
  provider: GradeProvider | null
  question: RiskQuestion | null
  files: { id: string; name: string }[]
  /** HackerOne or Statuspage items: the link that connects them. */
  integration: { provider: 'HackerOne' | 'Statuspage'; link: string } | null
  lastModified: { on: string; by: string | null }
}

export interface CardView {
  kind: CardKind
  title: string
  displayText: string | null
  placeholder: string | null
  hidden: boolean
  iconUrl: string | null
  itemCount: number
  /** The first three in the grid; all of them when the card is open. */
  items: ItemView[]
}

export interface DocumentView {
  key: string
  /** Main mode only: its item's state (decision 060). */
  state?: ItemState
  title: string
  itemUid: string
  itemSlug: string
  cardTitle: string
  publicAccess: boolean
  locked: boolean
  featured: boolean
  file?: FileView
  /** Absent for a locked entry: its documents' dates stay withheld with them. */
  date?: DocumentDate
  /** A locked entry's summary, type and date (decision 057). */
  lockedNote?: LockedNote
}

/** The Bulk download dialog: every document this viewer may download now, whichever tab the card shows. */
export interface BulkDownloadView {
  /** Ticked as the dialog opens: all (`bulkDownload=true`), or none after "Clear selection" (`bulkDownload=none`). */
  preselected: boolean
  documents: BulkDocumentView[]
}

export interface BulkDocumentView {
  /** The form field its id is posted in: a stored file's id, or the item's id for its bridge letter. */
  field: 'fileId' | 'letterId'
  id: string
  /** As the documents card lists it. */
  title: string
  fileName: string
  cardTitle: string
  date?: DocumentDate
}

export interface UpdateView {
  id: string
  /** The update's own title (issue 24 item 10). */
  title: string
  /** Its topic's subject. */
  subject: string
  category: string
  message: string
  createdAt: string
  pinned: boolean
  audience: 'public' | 'private'
}

export interface SubprocessorView {
  id: string
  /** Main mode only. */
  createdAt?: string
  company: string
  domain: string | null
  logoUrl: string | null
  /** Main mode only: a logo staff uploaded (Change logo / Remove logo). */
  uploadedLogo?: boolean
  purpose: string | null
  location: string | null
  additionalDetails: string | null
}

export type SubprocessorColumn = 'purpose' | 'location' | 'additionalDetails'

export interface PortalView {
  mode: Mode
  /** Staff viewing the page as the public (`?viewAs=public`): the banner's way back; never set for a visitor. */
  viewingAsPublic?: { exitHref: string }
  org: { name: string; slug: string; website: string | null; logoUrl: string | null; brandColor: string | null; faviconUrl: string | null }
  portal: {
    basePath: string
    portalUrl: string
    title: string
    showTitle: boolean
    description: string
    contactSupport: { href: string; external: boolean } | null
    reportIssue: { href: string; external: boolean } | null
    securityMailbox: string | null
    reviewBanner: { informationSubtitle: string } | null
    /** The search box's results page; ai: the Search / Ask AI switch is shown. */
    search: { action: string; ai: boolean }
    subscribeEnabled: boolean
    revision: number
    updatedAt: string
    /** The org's link-preview image (absolute) and favicon, versioned (server/portal/brand-images.ts). */
    shareImage: string
    icon: { href: string; type: string }
  }
  products: { slug: string; name: string; href: string; current: boolean }[]
  /** home: the product's portal page; itemBase + '/' + slug: an item's permalink. */
  product: { id: string; slug: string; name: string; bannerUrl: string | null; termsUrl: string | null; home: string; itemBase: string }
  /** Filled in by the portal route for every mode but Main (server/visitors/view.ts). */
  visitor?: VisitorView
  sections: SectionId[]
  overview: { title: string; text: string } | null
  certifications: { title: string; items: ItemView[] } | null
  trustedBy: {
    title: string
    /** uploadedLogo: staff in Main mode only, for the editor's Change logo / Remove logo. */
    companies: { id: string; name: string; logoUrl: string | null; uploadedLogo?: boolean }[]
  } | null
  subprocessors: {
    title: string
    rows: SubprocessorView[]
    columns: SubprocessorColumn[]
    total: number
    search: string
  } | null
  documents: {
    title: string
    featured: DocumentView[]
    entries: DocumentView[]
    tabs: boolean
    filter: 'all' | 'public' | 'private'
    expanded: boolean
    /** The Bulk download button: a signed-in account member, the org's setting on, and something to download. */
    bulkDownload: boolean
    /** The Bulk download dialog, when the URL asks for it (`bulkDownload`). */
    bulkDialog: BulkDownloadView | null
  } | null
  cards: CardView[]
  /** The Knowledge Base (FAQs) entries: the first FAQ_PREVIEW_ENTRIES, or all of them while the FAQ dialog is open. */
  faqs: FaqView[]
  /** The Knowledge Base (FAQs) section, when shown: how many entries, the FAQ dialog (`faqs=true`), staff's Manage link. */
  knowledgeBase: { total: number; dialog: { query: string } | null; manageHref: string | null } | null
  updates: { title: string; items: UpdateView[]; page: number; pageCount: number; highlighted: string | null } | null
  recentUpdates: UpdateView[]
  openCard: CardView | null
  openItemUid: string | null
  /** Main mode, staff with the settings permission: the "Getting started" checklist until dismissed (issue 23). */
  gettingStarted?: GettingStartedView | null
  /** Main mode with statuspage:edit: the editing tools to offer. */
  editor: {
    canChangeIcons: boolean
    /** Cards hidden from visitors (staff still see them, marked). */
    hiddenKinds: CardKind[]
    /** The open card's drawer is in edit mode (?edit=true). */
    editing: boolean
    /** The staff dialog the URL asks for (?dialog=...&target=...). */
    dialog: { name: string; target: string | null } | null
    /** All items of the dialog's target card (for re-ordering and the like). */
    dialogCard: CardView | null
    /** Documents' re-order dialog: the uids of the card's featured items. */
    dialogFeatured: string[] | null
    /** The product's whole stored section order, sections hidden for lack of content included. */
    sectionOrder: SectionId[]
    /** Whether a section is enabled (not hidden) for visitors: the re-order sections dialog marks it. */
    sectionEnabled: Record<SectionId, boolean>
    /** The titles sections take from their card; the others are fixed (FIXED_SECTION_TITLES). */
    sectionTitles: Partial<Record<SectionId, string>>
    /** The open card's items as the edit form needs them (only while editing). */
    editItems: ItemEditorView[] | null
    /** Editing the Documents card: how many documents each other card holds. */
    documentKinds: { kind: CardKind; title: string; count: number }[] | null
    /** The org's documents library, for linking documents to items: only while editing, and only for a member with files:view. */
    library: { id: string; name: string }[] | null
  } | null
}

export interface FaqView {
  id: string
  question: string
  answer: string
  comment: string | null
}

export const UPDATES_PAGE_SIZE = 5
export const CARD_PREVIEW_ITEMS = 3
export const FAQ_PREVIEW_ENTRIES = 5
/** The FAQ dialog's filter (`faqQuery`), in characters. */
export const FAQ_QUERY_MAX = 200
export const DOCUMENTS_COLLAPSED = 12
export const RECENT_UPDATE_MS = 24 * 60 * 60 * 1000

/** The Request Access and Login tabs, when the URL opens the access modal. */
export interface AccessModalView {
  tab: 'request' | 'login'
  /** Carried between the tabs, and from an invitation. */
  email: string
  /** The locked item or document the request is for, named in the dialog (never a withheld one). */
  item: { uid: string; title: string } | null
  /** The visit's origin (the `source` parameter), sent with the request (spec: access analytics). */
  source: string
  /** What happens next: the org's usual reply time, and whether an NDA is to be signed. */
  reviewDays: number
  ndaRequired: boolean
  fields: import('./access-request-fields').AccessRequestFields
  products: { id: string; name: string }[]
  productId: string
  countries: string[]
  inviteToken: string | null
}

/** The account dropdown (AccountExternal). */
export interface AccountMenuView {
  name: string
  email: string
  accountName: string
  gainedAccess: string
  ndaType: string
  canDownloadNda: boolean
  signedByOther: boolean
  reviewStatus: string
}

export interface VisitorView {
  accessModal: AccessModalView | null
  /** This browser sent a request for access to this product, still pending by its cookie (decision 057). */
  pendingRequest: { email: string } | null
  /** Main mode: the accounts and this product's profiles staff may preview the portal as. */
  previewTargets: { accounts: { id: string; name: string }[]; profiles: { id: string; name: string }[] } | null
  account: AccountMenuView | null
  preview: { accountName: string | null; profileName: string | null; exitHref: string } | null
  /** The clickwrap NDA to sign before this product's gated content unlocks. */
  /** The NDA to sign, and the member's name to prefill the signer's. */
  ndaDialog: { text: string; signerName: string } | null
  /** The NDA waits to be signed (its dialog may have been put off). */
  ndaPending: boolean
  welcome: boolean
  accessExpired: boolean
  inviteDialog: boolean
  /** The subscribe popover (`subscribe=true`), with the source it records. */
  subscribe: { source: string } | null
  /** The subscribe result dialog (`subscribeStatus`). */
  subscribeStatus: 'confirmed' | 'blocked' | 'token-invalid' | null
  /** The unsubscribe dialog: only for a token of this org that decodes to an e-mail. */
  unsubscribe: { token: string } | null
  termsUrl: string | null
  privacyUrl: string | null
  /** "Send data to TPRM tool": offered (account members, the org's setting on, partners listed); `open` when `tprm=true`. */
  tprm: { partners: { id: string; name: string; domain: string }[]; open: boolean } | null
  /** Questionnaires (account members, the org's setting on): the account menu's entries. */
  questionnairesOffered: boolean
  /** The questionnaire dialog the URL opens (`questionnaire`, `questionnaires=list`), for those it is offered to. */
  questionnaire: import('./questionnaires').QuestionnaireDialogView | null
  /** The Share popover's links work: the org's public portal lists something (server/portal/share.ts). */
  sharePublished: boolean
  commentsEnabled: boolean
  /**
   * The open item's conversations, when comments are on: a member's own thread (accountId null), or for
   * staff in Main mode one thread per account that wrote on the item.
   */
  comments: {
    itemUid: string
    threads: { accountId: string | null; accountName: string | null; entries: { id: string; content: string; createdAt: string; authorName: string; outgoing: boolean }[] }[]
  } | null
}

/** The toast after signing in under a signed NDA, or signing one; it stays 20 seconds (spec section 9). */
export const NDA_REMINDER = "Reminder: You're viewing this Trust Center under NDA"
export const NDA_REMINDER_MS = 20_000
/** Download NDA's failure toast: 10 seconds (spec sections 8 and 9). */
export const NDA_DOWNLOAD_FAILED = 'Failed to download NDA. Please contact support.'

/** A document download that failed (spec: cards-and-items section 8, search-ai-and-widgets section 8). */
export const DOCUMENT_DOWNLOAD_FAILED = 'Failed to download the document. If the problem persists, please contact support.'

/** How long a toast stays: the spec's NDA toasts have their own durations, the rest the default. */
export function toastDuration(message: string | null) {
  if (message === NDA_REMINDER) return NDA_REMINDER_MS
  if (message === NDA_DOWNLOAD_FAILED) return 10_000
  return undefined
}

/**
 * The absolute address of `path` (a path of this app, e.g. an item's permalink) at the portal's own address:
 * its primary domain when it has one, where the portal sits at `/` even while the page was served at
 * /portal/{slug}. A path outside the portal (a built-in image) keeps its path on that origin.
 */
export function portalAddress(portal: { portalUrl: string; basePath: string }, path: string) {
  const home = portal.portalUrl.replace(/\/$/, '')
  if (path === portal.basePath || path.startsWith(`${portal.basePath}/`)) return `${home}${path.slice(portal.basePath.length) || '/'}`
  return new URL(path, portal.portalUrl).href
}

/** An item's state as staff see it in Main mode: who it shows to (decision 060). */
export type ItemState = 'Public' | 'Restricted' | 'Hidden' | 'Not enabled'

/** Hidden first (invisible to everyone without a grant), then not enabled, then public or restricted. */
export function itemState(item: { hidden: boolean; enabledState: string; publicAccess: boolean }): ItemState {
  if (item.hidden) return 'Hidden'
  if (item.enabledState === 'NotEnabled') return 'Not enabled'
  return item.publicAccess ? 'Public' : 'Restricted'
}
