import type { Database } from '../../db/index'
import { jsonb, jsonStrings } from '../../db/json'
import { orgProfile, orgProfiles } from '../accounts/profiles'
import { readAccessRequestFields, type AccessRequestFields } from '../../app/lib/access-request-fields'
import type {
  AccessSettingsInput,
  AutoApproveMode,
  ContactAction,
  ContactSettingsInput,
  DocumentSettingsInput,
  NdaSettingsInput,
  PortalSettingsInput,
  PublicAccessLevel,
  SettingsSection,
} from '../../app/lib/schemas/settings'
import type { DocumentAccessType } from '../../app/lib/schemas/documents'
import { recordAudit } from '../audit/record'
import { bumpOrgRevision } from '../portal/revision'
import type { StaffMember } from '../auth/staff-session'
import { listTprmPartners } from '../tprm/partners'

// The org's portal settings (/settings): read for the page, written one section at a time. The org is
// always the staff member's own; nothing in a form names it.

export interface ContactButton {
  onClickAction: ContactAction
  url: string | null
}

export interface PortalSettings {
  revision: number
  portal: { portalTitle: string; showPortalTitle: boolean; description: string | null }
  contact: {
    supportMailbox: string | null
    securityMailbox: string | null
    contactSupport: ContactButton
    reportIssue: ContactButton
  }
  access: {
    requestFields: AccessRequestFields
    publicAccessLevel: PublicAccessLevel
    reviewBanner: 'none' | 'default'
    reviewBannerInformationText: string | null
    blockedDomains: string[]
    freeMailDomains: string[]
    autoApprove: AutoApproveMode
    autoApproveDomains: string[]
    autoApproveProfileId: string | null
    defaultAccessDays: number
    reviewDays: number
  }
  nda: { ndaType: 'none' | 'clickwrap'; ndaText: string | null; ndaScope: 'account' | 'member' }
  documents: {
    documentAccessType: DocumentAccessType
    bulkDownloadEnabled: boolean
    watermarkEnabled: boolean
    subscribeEnabled: boolean
    commentsEnabled: boolean
    aiAnswersEnabled: boolean
    questionnairesEnabled: boolean
    tprmEnabled: boolean
  }
}

export interface ProfileOption {
  id: string
  name: string
  productName: string
}

const CUSTOMIZATION_COLUMNS = [
  'portal_customizations.revision',
  'portal_customizations.portal_title',
  'portal_customizations.show_portal_title',
  'portal_customizations.description',
  'portal_customizations.support_mailbox',
  'portal_customizations.security_mailbox',
  'portal_customizations.contact_support',
  'portal_customizations.report_issue',
  'portal_customizations.access_request_fields',
  'portal_customizations.review_banner',
  'portal_customizations.review_banner_information_text',
  'portal_customizations.blocked_domains',
  'portal_customizations.free_mail_domains',
  'portal_customizations.auto_approve',
  'portal_customizations.auto_approve_domains',
  'portal_customizations.auto_approve_profile_id',
  'portal_customizations.default_access_days',
  'portal_customizations.review_days',
  'portal_customizations.nda_text',
  'portal_customizations.nda_scope',
  'portal_customizations.subscribe_enabled',
  'portal_customizations.bulk_download_enabled',
  'portal_customizations.watermark_enabled',
  'portal_customizations.comments_enabled',
  'portal_customizations.ai_answers_enabled',
  'portal_customizations.questionnaires_enabled',
  'portal_customizations.tprm_enabled',
] as const

const ORG_COLUMNS = ['orgs.public_access_level', 'orgs.document_access_type', 'orgs.nda_type'] as const

/** The org's settings, read in `db` (a transaction locks the customization row while a section is saved). */
async function readSettings(db: Database, orgId: string, options: { lock?: boolean } = {}): Promise<PortalSettings> {
  const select = () => {
    const query = db
      .selectFrom('portal_customizations')
      .innerJoin('orgs', 'orgs.id', 'portal_customizations.org_id')
      .select([...CUSTOMIZATION_COLUMNS, ...ORG_COLUMNS])
      .where('portal_customizations.org_id', '=', orgId)
    return (options.lock ? query.forUpdate() : query).executeTakeFirst()
  }
  let row = await select()
  if (!row) {
    // Every org is created with its customization row; one that lacks it gets the defaults once, here.
    await db
      .insertInto('portal_customizations')
      .values({ org_id: orgId })
      .onConflict((conflict) => conflict.column('org_id').doNothing())
      .execute()
    row = await select()
    if (!row) throw new Error(`No org ${orgId}`)
  }
  return {
    revision: row.revision,
    portal: { portalTitle: row.portal_title, showPortalTitle: row.show_portal_title, description: row.description },
    contact: {
      supportMailbox: row.support_mailbox,
      securityMailbox: row.security_mailbox,
      contactSupport: readContactButton(row.contact_support),
      reportIssue: readContactButton(row.report_issue),
    },
    access: {
      requestFields: readAccessRequestFields(row.access_request_fields),
      publicAccessLevel: row.public_access_level as PublicAccessLevel,
      reviewBanner: row.review_banner as 'none' | 'default',
      reviewBannerInformationText: row.review_banner_information_text,
      blockedDomains: jsonStrings(row.blocked_domains),
      freeMailDomains: jsonStrings(row.free_mail_domains),
      autoApprove: row.auto_approve as AutoApproveMode,
      autoApproveDomains: jsonStrings(row.auto_approve_domains),
      autoApproveProfileId: row.auto_approve_profile_id,
      defaultAccessDays: row.default_access_days,
      reviewDays: row.review_days,
    },
    nda: { ndaType: row.nda_type as 'none' | 'clickwrap', ndaText: row.nda_text, ndaScope: row.nda_scope as 'account' | 'member' },
    documents: {
      documentAccessType: row.document_access_type as DocumentAccessType,
      bulkDownloadEnabled: row.bulk_download_enabled,
      watermarkEnabled: row.watermark_enabled,
      subscribeEnabled: row.subscribe_enabled,
      commentsEnabled: row.comments_enabled,
      aiAnswersEnabled: row.ai_answers_enabled,
      questionnairesEnabled: row.questionnaires_enabled,
      tprmEnabled: row.tprm_enabled,
    },
  }
}

function readContactButton(stored: unknown): ContactButton {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  return { onClickAction: value.onClickAction === 'url' ? 'url' : 'email', url: typeof value.url === 'string' ? value.url : null }
}

/** The org's permission profiles, through their products: the choices for auto-approval. */
export async function listProfileOptions(db: Database, orgId: string): Promise<ProfileOption[]> {
  return (await orgProfiles(db, orgId)).map(({ id, name, productName }) => ({ id, name, productName }))
}

/** Everything the settings page shows. */
export async function loadPortalSettings(db: Database, orgId: string) {
  const [settings, profiles, tprmPartners] = await Promise.all([readSettings(db, orgId), listProfileOptions(db, orgId), listTprmPartners(db, orgId)])
  return { settings, profiles, tprmPartners }
}

export type SaveResult = { ok: true } | { ok: false; field: string; message: string }

/**
 * Writes one section in a transaction: the row locked, the change written, the portal's revision bumped
 * (caches key on it) and an audit entry with the fields that changed, before and after.
 */
async function saveSection<T extends Record<string, unknown>>(
  db: Database,
  staff: StaffMember,
  section: SettingsSection,
  pick: (settings: PortalSettings) => T,
  write: (trx: Database, before: PortalSettings) => Promise<SaveResult>,
): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, staff.orgId, { lock: true })
    const outcome = await write(trx, before)
    if (!outcome.ok) return outcome
    const after = await readSettings(trx, staff.orgId)
    await bumpOrgRevision(trx, staff.orgId)
    const changed = diff(pick(before), pick(after))
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: `settings.${section}`, target: section, before: changed.before, after: changed.after })
    return outcome
  })
}

function diff<T extends Record<string, unknown>>(before: T, after: T) {
  const changed = { before: {} as Partial<T>, after: {} as Partial<T> }
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (jsonb(before[key]) === jsonb(after[key])) continue
    changed.before[key] = before[key]
    changed.after[key] = after[key]
  }
  return changed
}

const touch = () => ({ updated_at: new Date() })

export function savePortalSection(db: Database, staff: StaffMember, input: PortalSettingsInput) {
  return saveSection(
    db,
    staff,
    'portal',
    (settings) => settings.portal,
    async (trx) => {
      await trx
        .updateTable('portal_customizations')
        .set({ portal_title: input.portalTitle, show_portal_title: input.showPortalTitle, description: input.description || null, ...touch() })
        .where('org_id', '=', staff.orgId)
        .execute()
      return { ok: true }
    },
  )
}

export function saveContactSection(db: Database, staff: StaffMember, input: ContactSettingsInput) {
  return saveSection(
    db,
    staff,
    'contact',
    (settings) => settings.contact,
    async (trx) => {
      await trx
        .updateTable('portal_customizations')
        .set({
          support_mailbox: input.supportMailbox ?? null,
          security_mailbox: input.securityMailbox ?? null,
          contact_support: jsonb({ onClickAction: input.contactSupportAction, url: input.contactSupportUrl }),
          report_issue: jsonb({ onClickAction: input.reportIssueAction, url: input.reportIssueUrl }),
          ...touch(),
        })
        .where('org_id', '=', staff.orgId)
        .execute()
      return { ok: true }
    },
  )
}

export function saveAccessSection(db: Database, staff: StaffMember, input: AccessSettingsInput) {
  return saveSection(
    db,
    staff,
    'access',
    (settings) => settings.access,
    async (trx) => {
      const profileId = input.autoApproveProfileId ?? null
      if (profileId) {
        // Only a profile of one of this org's products: a form naming another org's profile is refused.
        const profile = await orgProfile(trx, staff.orgId, profileId)
        if (!profile) return { ok: false, field: 'autoApproveProfileId', message: 'Choose a permission profile of your organization' }
      }
      await trx.updateTable('orgs').set({ public_access_level: input.publicAccessLevel }).where('id', '=', staff.orgId).execute()
      await trx
        .updateTable('portal_customizations')
        .set({
          access_request_fields: jsonb(input.requestFields),
          review_banner: input.reviewBanner,
          review_banner_information_text: input.reviewBannerInformationText || null,
          blocked_domains: jsonb(input.blockedDomains),
          free_mail_domains: jsonb(input.freeMailDomains),
          auto_approve: input.autoApprove,
          auto_approve_domains: jsonb(input.autoApproveDomains),
          auto_approve_profile_id: profileId,
          default_access_days: input.defaultAccessDays,
          ...(input.reviewDays === undefined ? {} : { review_days: input.reviewDays }),
          ...touch(),
        })
        .where('org_id', '=', staff.orgId)
        .execute()
      return { ok: true }
    },
  )
}

export function saveNdaSection(db: Database, staff: StaffMember, input: NdaSettingsInput) {
  return saveSection(
    db,
    staff,
    'nda',
    (settings) => settings.nda,
    async (trx) => {
      await trx.updateTable('orgs').set({ nda_type: input.ndaType }).where('id', '=', staff.orgId).execute()
      await trx
        .updateTable('portal_customizations')
        .set({ nda_text: input.ndaText || null, nda_scope: input.ndaScope, ...touch() })
        .where('org_id', '=', staff.orgId)
        .execute()
      return { ok: true }
    },
  )
}

export function saveDocumentsSection(db: Database, staff: StaffMember, input: DocumentSettingsInput) {
  return saveSection(
    db,
    staff,
    'documents',
    (settings) => settings.documents,
    async (trx) => {
      await trx.updateTable('orgs').set({ document_access_type: input.documentAccessType }).where('id', '=', staff.orgId).execute()
      await trx
        .updateTable('portal_customizations')
        .set({
          bulk_download_enabled: input.bulkDownloadEnabled,
          watermark_enabled: input.watermarkEnabled,
          subscribe_enabled: input.subscribeEnabled,
          comments_enabled: input.commentsEnabled,
          ai_answers_enabled: input.aiAnswersEnabled,
          questionnaires_enabled: input.questionnairesEnabled,
          tprm_enabled: input.tprmEnabled,
          ...touch(),
        })
        .where('org_id', '=', staff.orgId)
        .execute()
      return { ok: true }
    },
  )
}
