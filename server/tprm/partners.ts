import type { Database } from '../../db/index'
import { TPRM_MESSAGES, TPRM_PARTNERS_MAX, type AddTprmPartnerInput } from '../../app/lib/schemas/tprm'
import { accountMember, type PortalViewer } from '../access/viewer'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import { bumpOrgRevision } from '../portal/revision'

// The TPRM tools an org lets account members send their data to (spec section 2.7), listed by staff on
// /settings. A change shows in every account member's menu, so it bumps the org's revision (the account
// pages cached under it are built again) and is audited, in one transaction.

export interface TprmPartner {
  id: string
  name: string
  domain: string
}

export function listTprmPartners(db: Database, orgId: string): Promise<TprmPartner[]> {
  return db.selectFrom('tprm_partners').select(['id', 'name', 'domain']).where('org_id', '=', orgId).orderBy('name').orderBy('domain').execute()
}

export type PartnerSaveResult = { ok: true } | { ok: false; field: 'name' | 'domain'; message: string }

export async function addTprmPartner(db: Database, staff: StaffMember, input: Omit<AddTprmPartnerInput, 'intent'>): Promise<PartnerSaveResult> {
  return db.transaction().execute(async (trx) => {
    // The org's row is the lock two staff adding at once queue on, so the count and the domain check hold.
    await trx.selectFrom('portal_customizations').select('org_id').where('org_id', '=', staff.orgId).forUpdate().executeTakeFirst()
    const existing = await listTprmPartners(trx, staff.orgId)
    if (existing.some((partner) => partner.domain === input.domain)) return { ok: false, field: 'domain', message: TPRM_MESSAGES.domainTaken }
    if (existing.length >= TPRM_PARTNERS_MAX) return { ok: false, field: 'name', message: `List at most ${TPRM_PARTNERS_MAX} tools` }
    const row = await trx.insertInto('tprm_partners').values({ org_id: staff.orgId, name: input.name, domain: input.domain }).returning('id').executeTakeFirstOrThrow()
    await bumpOrgRevision(trx, staff.orgId)
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'tprm.partner.add',
      target: input.name,
      after: { id: row.id, name: input.name, domain: input.domain },
    })
    return { ok: true }
  })
}

/** Removes a partner of the staff member's org (its tokens go with it); false when there is none. */
export async function removeTprmPartner(db: Database, staff: StaffMember, partnerId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('tprm_partners').where('id', '=', partnerId).where('org_id', '=', staff.orgId).returning(['id', 'name', 'domain']).executeTakeFirst()
    if (!removed) return false
    await bumpOrgRevision(trx, staff.orgId)
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: 'tprm.partner.remove', target: removed.name, before: removed })
    return true
  })
}

/**
 * The partners offered to this viewer, or null when the dialog is not offered: only to a signed-in account
 * member (AccountExternal), with the org's setting on and at least one partner listed (spec section 2.7).
 */
export async function tprmPartnersOffered(db: Database, orgId: string, viewer: Pick<PortalViewer, 'mode' | 'account'>): Promise<TprmPartner[] | null> {
  if (!accountMember(viewer)) return null
  const settings = await db.selectFrom('portal_customizations').select('tprm_enabled').where('org_id', '=', orgId).executeTakeFirst()
  if (!settings?.tprm_enabled) return null
  const partners = await listTprmPartners(db, orgId)
  return partners.length ? partners : null
}
