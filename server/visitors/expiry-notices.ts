import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { Env } from '../env'
import { formatDate } from '../../app/lib/format'
import { enqueueEmail } from '../email/outbox'
import { kickEmailWorker } from '../email/worker'
import { accessExpiringMail } from '../email/visitor-mails'
import { mailOrg } from './mail-org'

/** Members hear this many days before their account's access to a product ends. */
export const EXPIRY_NOTICE_DAYS = 14
const CHECK_EVERY_MS = 15 * 60_000

/**
 * Queues the "access about to expire" mail to every member of each account whose access to a product ends
 * within EXPIRY_NOTICE_DAYS. Marking the row and queuing the mails is one transaction, and the mark is
 * taken by a single UPDATE, so several app servers running this send each notice once.
 */
export async function queueExpiryNotices(db: Database, env: Env) {
  const queued = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ account_id: string; product_id: string; access_expires_at: Date }>`
      update account_products set expiry_notice_sent_at = now()
      where expiry_notice_sent_at is null
        and access_expires_at > now()
        and access_expires_at <= now() + make_interval(days => ${EXPIRY_NOTICE_DAYS})
      returning account_id, product_id, access_expires_at`.execute(trx)
    let mails = 0
    for (const row of rows) {
      const members = await trx
        .selectFrom('account_members')
        .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
        .select(['account_members.email', 'account_members.first_name', 'accounts.org_id'])
        .where('account_members.account_id', '=', row.account_id)
        .execute()
      if (!members.length) continue
      const org = await mailOrg(trx, env, members[0].org_id)
      const product = await trx.selectFrom('products').select(['slug', 'is_default']).where('id', '=', row.product_id).executeTakeFirst()
      const portalUrl = product && !product.is_default ? `${org.portalUrl}/product/${product.slug}` : org.portalUrl
      for (const member of members) {
        const mail = accessExpiringMail(org, { firstName: member.first_name }, formatDate(new Date(row.access_expires_at)), portalUrl)
        await enqueueEmail(trx, { orgId: members[0].org_id, to: member.email, ...mail })
        mails++
      }
    }
    return mails
  })
  if (queued) kickEmailWorker()
  return queued
}

/** Runs queueExpiryNotices now and every 15 minutes; returns a stop function. */
export function startExpiryNotices(db: Database, env: Env) {
  const run = () => queueExpiryNotices(db, env).catch((error) => console.error('[access] expiry notices failed:', error instanceof Error ? error.message : error))
  const first = setTimeout(run, 5_000)
  const timer = setInterval(run, CHECK_EVERY_MS)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
