// The "Getting started" checklist (issue 23, docs/decisions/038): each step is ticked from the org's own data,
// never from a click, so it stays true whoever did the work and however. Shown to staff holding the settings
// permission (the owner after setup) until one of them dismisses it.

import { GETTING_STARTED_DISMISS_PATH, GETTING_STARTED_STEPS, type GettingStartedStep, type GettingStartedView } from '../../app/lib/getting-started'
import type { StaffPermission } from '../../app/lib/permissions'
import type { Database } from '../../db/index'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import type { PortalOrg } from '../portal/resolve'
import { publicPortalPublished } from '../portal/share'

/** The checklist for a staff member of the org, or null when it was dismissed or they may not act on it. */
export async function loadGettingStarted(
  db: Database,
  org: Pick<PortalOrg, 'id' | 'publicAccessLevel' | 'basePath'>,
  staff: { permissions: readonly string[] },
): Promise<GettingStartedView | null> {
  if (!staff.permissions.includes('settings' satisfies StaffPermission)) return null
  const row = await db
    .selectFrom('orgs')
    .select((eb) => [
      'getting_started_dismissed_at',
      eb.or([eb('logo_url', 'is not', null), eb('logo_file_id', 'is not', null)]).as('logo'),
      eb
        .exists(
          eb
            .selectFrom('items')
            .innerJoin('products', 'products.id', 'items.product_id')
            .whereRef('products.org_id', '=', 'orgs.id')
            .where('items.card_kind', '=', 'Certifications')
            .where('items.enabled_state', '!=', 'NotEnabled'),
        )
        .as('certification'),
      eb
        .exists(
          eb
            .selectFrom('item_files')
            .innerJoin('items', 'items.id', 'item_files.item_id')
            .innerJoin('products', 'products.id', 'items.product_id')
            .whereRef('products.org_id', '=', 'orgs.id'),
        )
        .as('document'),
      eb.exists(eb.selectFrom('audit_entries').whereRef('audit_entries.org_id', '=', 'orgs.id').where('audit_entries.action', '=', 'settings.access')).as('access'),
    ])
    .where('id', '=', org.id)
    .executeTakeFirst()
  if (!row || row.getting_started_dismissed_at) return null
  const done: Record<GettingStartedStep, boolean> = {
    logo: Boolean(row.logo),
    certification: Boolean(row.certification),
    document: Boolean(row.document),
    access: Boolean(row.access),
    publish: await publicPortalPublished(db, org),
  }
  const home = org.basePath || '/'
  const href: Record<GettingStartedStep, string> = {
    logo: '/settings/company',
    certification: `${home}?card=Certifications`,
    document: '/documents',
    access: '/settings/access',
    publish: home,
  }
  return { steps: GETTING_STARTED_STEPS.map((step) => ({ step, done: done[step], href: href[step] })), dismissAction: GETTING_STARTED_DISMISS_PATH }
}

/** Hides the checklist for the whole org; audited. */
export async function dismissGettingStarted(db: Database, staff: StaffMember, request: Request, clientAddress: string) {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('orgs')
      .set({ getting_started_dismissed_at: new Date() })
      .where('id', '=', staff.orgId)
      .where('getting_started_dismissed_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!changed) return
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'org.getting_started.dismiss',
      ip: clientAddress,
      userAgent: request.headers.get('user-agent'),
    })
  })
}
