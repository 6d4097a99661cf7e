import type { Database } from '../../db/index'
import type { Env } from '../env'
import type { MailOrg } from '../email/layout'
import { enqueueEmail, type NewEmail } from '../email/outbox'
import { recipientCapAllows } from '../auth/rate-limit'
import { orgPortalUrl } from '../portal/resolve'

/** What a branded mail shows of its org; links go to the org's own portal URL (PRODUCT.md section 4). */
export async function mailOrg(db: Database, env: Env, orgId: string): Promise<MailOrg> {
  const [org, portalUrl] = await Promise.all([
    db
      .selectFrom('orgs')
      .innerJoin('portal_customizations', 'portal_customizations.org_id', 'orgs.id')
      .select(['orgs.name', 'orgs.logo_url', 'orgs.brand_color', 'portal_customizations.portal_title'])
      .where('orgs.id', '=', orgId)
      .executeTakeFirstOrThrow(),
    orgPortalUrl(db, env, orgId),
  ])
  return { name: org.name, logoUrl: org.logo_url, portalUrl, portalTitle: org.portal_title, brandColor: org.brand_color }
}

/**
 * Tells the reviewers of a request, each within their cap: past it the request still waits in
 * /access-requests, so nobody outside can fill a reviewer's inbox by requesting from many addresses.
 */
export async function notifyReviewers(db: Database, orgId: string, notice: Omit<NewEmail, 'orgId' | 'to'>) {
  for (const reviewer of await requestReviewers(db, orgId)) {
    if (await recipientCapAllows(db, 'review', reviewer)) await enqueueEmail(db, { orgId, to: reviewer, ...notice })
  }
}

/** Who hears of a new request: staff holding `access-requests`, and the org's support mailbox. */
async function requestReviewers(db: Database, orgId: string): Promise<string[]> {
  const [staff, customization] = await Promise.all([
    db.selectFrom('staff_members').select(['email', 'permissions']).where('org_id', '=', orgId).execute(),
    db.selectFrom('portal_customizations').select('support_mailbox').where('org_id', '=', orgId).executeTakeFirst(),
  ])
  const reviewers = staff.filter((member) => (member.permissions as string[]).includes('access-requests')).map((member) => member.email)
  if (customization?.support_mailbox) reviewers.push(customization.support_mailbox.toLowerCase())
  return [...new Set(reviewers)]
}
