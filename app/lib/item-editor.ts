// The item edit form: field names and the rules of cards-and-items section 5, shared by the form
// (client-side checks) and the portal action (the checks that count).
import { ALWAYS_PUBLIC_KINDS, ENABLED_STATES, MATURITY_LEVELS, RECURRENCES, type EnabledState } from './card-kinds'
import { validateIntegrationLink } from './integrations'
import type { ItemEditorView } from './portal-view'
import { isRecoveryQuestion, parseCustomRecovery, riskQuestion, validateCustomRecovery } from './risk-profile'
import { validateGradeEntry } from './security-grades'

export const itemFieldName = (uid: string, field: string) => `item.${uid}.${field}`

export interface ItemEdit {
  uid: string
  title: string | null
  enabledState: EnabledState
  explanation: string | null
  href: string | null
  maturity: string | null
  recurrence: string | null
  auditor: string | null
  expiresOn: string | null
  itemType: string | null
  choice: string | null
  publicAccess: boolean
  hidden: boolean
  bridgeLetter: ItemEditorView['bridgeLetter']
  gradeEntries: ItemEditorView['gradeEntries']
  integration: ItemEditorView['integration']
  featured: boolean
  lockedSummary: string | null
  lockedType: string | null
  lockedDate: string | null
  linkFileIds: string[]
  unlinkFileIds: string[]
}

export const ITEM_MESSAGES = {
  titleShort: 'Title must be at least 2 characters',
  titleLong: 'Title must be at most 100 characters',
  url: 'Please enter a valid URL.',
  expiry: 'Invalid expiration date',
  itemType: 'Select an item type to save this item',
  file: 'Please upload a file to save this item.',
  letterContent: 'Letter Content is required',
  signerName: 'Signer Name is required',
  signerTitle: 'Signer Title is required',
  tooLong: 'This text is too long',
  lockedSummary: 'Keep the summary to one line (200 characters at most)',
  lockedType: 'Keep the type short (60 characters at most)',
  lockedDate: 'Enter a valid date',
} as const

/** What visitors without access read of a restricted item: staff write it, it never holds the withheld text. */
export const LOCKED_SUMMARY_MAX = 200
export const LOCKED_TYPE_MAX = 60

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value.trim() : ''
}
const orNull = (value: string) => (value ? value : null)

function isUrl(value: string) {
  if (!URL.canParse(value)) return false
  const protocol = new URL(value).protocol
  return protocol === 'https:' || protocol === 'http:'
}

function isDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * Reads one item's fields from the form and checks them. Fields the item's kind does not carry keep
 * their stored values; an always-public item (the Overview) is saved enabled and public whatever the
 * form says; errors are keyed by field name.
 */
export function readItemEdit(formData: FormData, item: ItemEditorView): { edit: ItemEdit; errors: Record<string, string[]> } {
  const name = (field: string) => itemFieldName(item.uid, field)
  const has = (field: string) => item.fields.includes(field as never)
  const errors: Record<string, string[]> = {}
  const fail = (field: string, message: string) => {
    errors[name(field)] = [...(errors[name(field)] ?? []), message]
  }

  const alwaysPublic = ALWAYS_PUBLIC_KINDS.includes(item.kind)
  const enabledRaw = text(formData, name('enabledState'))
  const enabledState = alwaysPublic ? 'Enabled' : (ENABLED_STATES as readonly string[]).includes(enabledRaw) ? (enabledRaw as EnabledState) : item.enabledState

  const titleRaw = text(formData, name('title'))
  let title: string | null = item.custom ? item.title : titleRaw && titleRaw !== item.defaultTitle ? titleRaw : null
  if (formData.has(name('title'))) {
    if (titleRaw.length < 2) fail('title', ITEM_MESSAGES.titleShort)
    else if (titleRaw.length > 100) fail('title', ITEM_MESSAGES.titleLong)
    title = item.custom || titleRaw !== item.defaultTitle ? titleRaw : null
  }

  const explanation = has('explanation') || has('choices') ? text(formData, name('explanation')) : item.explanation
  if (explanation.length > 5000) fail('explanation', ITEM_MESSAGES.tooLong)
  const href = has('link') ? text(formData, name('href')) : item.href
  if (href && (href.length > 2000 || !isUrl(href))) fail('href', ITEM_MESSAGES.url)
  const maturity = has('maturity') ? text(formData, name('maturity')) : item.maturity
  if (maturity && !(MATURITY_LEVELS as readonly string[]).includes(maturity)) fail('maturity', 'Choose a maturity level')
  const recurrence = has('recurrence') ? text(formData, name('recurrence')) : item.recurrence
  if (recurrence && !(RECURRENCES as readonly string[]).includes(recurrence)) fail('recurrence', 'Choose how often this happens')
  const auditor = has('auditor') ? text(formData, name('auditor')) : item.auditor
  if (auditor.length > 200) fail('auditor', ITEM_MESSAGES.tooLong)
  const expiresOn = has('expiry') ? text(formData, name('expiresOn')) : item.expiresOn
  if (expiresOn && !isDate(expiresOn)) fail('expiresOn', ITEM_MESSAGES.expiry)
  const itemType = has('type') ? text(formData, name('itemType')) : item.itemType
  if (has('type') && enabledState !== 'NotEnabled' && !itemType) fail('itemType', ITEM_MESSAGES.itemType)
  if (itemType.length > 100) fail('itemType', ITEM_MESSAGES.tooLong)

  let choice = item.choice
  if (has('choices') && item.question) {
    choice = text(formData, name('choice'))
    if (choice === 'custom' && isRecoveryQuestion(item.question)) {
      const unit = text(formData, name('customUnit'))
      const number = text(formData, name('customNumber'))
      const problem = validateCustomRecovery(unit, number === '' ? Number.NaN : Number(number))
      if (problem) fail('customNumber', problem)
      else choice = `${unit}_${Number(number)}`
    } else if (choice && !riskQuestion(item.question)?.options.some((option) => option.value === choice) && !parseCustomRecovery(choice)) {
      fail('choice', 'Choose one of the answers')
    }
  }

  const publicAccess = alwaysPublic || formData.get(name('publicAccess')) === 'on'
  // Only restricted items may be hidden.
  const hidden = !publicAccess && formData.get(name('hidden')) === 'on'

  let bridgeLetter = item.bridgeLetter
  if (has('bridgeLetter')) {
    const letterEnabled = formData.get(name('letterEnabled')) === 'on'
    const letterType = text(formData, name('letterType')) === 'SOC 1' ? 'SOC 1' : 'SOC 2'
    bridgeLetter = {
      letterEnabled,
      letterContent: text(formData, name('letterContent')),
      signerName: text(formData, name('signerName')),
      signerTitle: text(formData, name('signerTitle')),
      letterType,
    }
    // A letter is a page or two, generated on every request.
    if (bridgeLetter.letterContent.length > 10_000) fail('letterContent', ITEM_MESSAGES.tooLong)
    if (bridgeLetter.signerName.length > 200) fail('signerName', ITEM_MESSAGES.tooLong)
    if (bridgeLetter.signerTitle.length > 200) fail('signerTitle', ITEM_MESSAGES.tooLong)
    if (letterEnabled) {
      if (!bridgeLetter.letterContent) fail('letterContent', ITEM_MESSAGES.letterContent)
      if (!bridgeLetter.signerName) fail('signerName', ITEM_MESSAGES.signerName)
      if (!bridgeLetter.signerTitle) fail('signerTitle', ITEM_MESSAGES.signerTitle)
    }
  }

  let gradeEntries = item.gradeEntries
  if (has('listEntries') && item.provider) {
    const count = Math.min(Number.parseInt(text(formData, name('gradeCount')), 10) || 0, 20)
    gradeEntries = []
    for (let index = 0; index < count; index++) {
      const entry = {
        label: text(formData, name(`grade.${index}.label`)),
        description: text(formData, name(`grade.${index}.description`)),
        url: text(formData, name(`grade.${index}.url`)),
        grade: text(formData, name(`grade.${index}.grade`)),
      }
      if (!entry.label && !entry.description && !entry.url && !entry.grade) continue
      const problems = validateGradeEntry(item.provider, entry)
      for (const [field, message] of Object.entries(problems)) if (message) fail(`grade.${index}.${field}`, message)
      gradeEntries.push(entry)
    }
  }

  let integration = item.integration
  if (integration && formData.has(name('integrationLink'))) {
    const link = text(formData, name('integrationLink'))
    const problem = validateIntegrationLink(integration.provider, link)
    if (problem) fail('integrationLink', problem)
    integration = { provider: integration.provider, link }
  }

  // What visitors without access read instead of the content (decision 057): one line, a type, a date.
  const lockedSummary = formData.has(name('lockedSummary')) ? text(formData, name('lockedSummary')) : item.lockedSummary
  if (lockedSummary.length > LOCKED_SUMMARY_MAX || /[\r\n]/.test(lockedSummary)) fail('lockedSummary', ITEM_MESSAGES.lockedSummary)
  const lockedType = formData.has(name('lockedType')) ? text(formData, name('lockedType')) : item.lockedType
  if (lockedType.length > LOCKED_TYPE_MAX) fail('lockedType', ITEM_MESSAGES.lockedType)
  const lockedDate = formData.has(name('lockedDate')) ? text(formData, name('lockedDate')) : item.lockedDate
  if (lockedDate && !isDate(lockedDate)) fail('lockedDate', ITEM_MESSAGES.lockedDate)

  const ids = (field: string) => formData.getAll(name(field)).filter((value): value is string => typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value))
  const linkFileIds = has('file') ? ids('linkFileIds') : []
  const unlinkFileIds = has('file') ? ids('unlinkFileIds') : []
  if (item.kind === 'Documents' && enabledState !== 'NotEnabled') {
    const remaining = item.files.filter((file) => !unlinkFileIds.includes(file.id)).length + linkFileIds.filter((id) => !item.files.some((file) => file.id === id)).length
    if (remaining === 0) fail('file', ITEM_MESSAGES.file)
  }

  return {
    edit: {
      uid: item.uid,
      title,
      enabledState,
      explanation: orNull(explanation),
      href: orNull(href),
      maturity: orNull(maturity),
      recurrence: orNull(recurrence),
      auditor: orNull(auditor),
      expiresOn: orNull(expiresOn),
      itemType: orNull(itemType),
      choice: orNull(choice),
      publicAccess,
      hidden,
      bridgeLetter,
      gradeEntries,
      integration,
      // Featured documents lead the Documents card; any item that carries files may be featured.
      featured: has('file') ? formData.get(name('featured')) === 'on' : item.featured,
      lockedSummary: orNull(lockedSummary),
      lockedType: orNull(lockedType),
      lockedDate: orNull(lockedDate),
      linkFileIds,
      unlinkFileIds,
    },
    errors,
  }
}

/** A custom item whose title matches another item's (case-insensitive) gets a warning, not an error. */
export function duplicateTitle(items: readonly { uid: string; title: string }[], uid: string, title: string) {
  const wanted = title.trim().toLowerCase()
  return items.some((item) => item.uid !== uid && item.title.trim().toLowerCase() === wanted)
}
