// The demo org's e-mail subscribers to trust updates: people at customer and prospect companies who
// subscribed over the last year, most confirmed, a few awaiting confirmation or gone, and one blocked
// domain (a throwaway-mail service someone kept subscribing from). Times are days before the seed runs.

import type { SubscriberSource as Source, SubscriberStatus as Status } from '../../app/lib/schemas/subscribers'
import type { Database } from '../index'
import { DEMO_ADMIN_EMAIL } from './northwind'

interface DemoSubscriber {
  email: string
  source: Source
  /** Confirmed unless said otherwise. */
  status?: Status
  daysAgo: number
}

export const BLOCKED_DOMAIN = 'throwaway-mail.test'

export const SUBSCRIBERS: readonly DemoSubscriber[] = [
  // Contoso, the demo's customer account: its reviewers subscribed while requesting access.
  { email: 'visitor@contoso.test', source: 'access_request', daysAgo: 34 },
  { email: 'grace.ho@contoso.test', source: 'trust_center_updates_button', daysAgo: 31 },
  { email: 'security@contoso.test', source: 'subscribe_button', daysAgo: 120 },
  { email: 'marcus.oyelaran@contoso.test', source: 'direct_link', daysAgo: 88 },
  { email: 'it-vendor-risk@contoso.test', source: 'staff', daysAgo: 200 },
  { email: 'lena.fischer@contoso.test', source: 'subscribe_button', status: 'unsubscribed', daysAgo: 310 },
  // Fabrikam: a prospect in review.
  { email: 'jordan.lee@fabrikam.test', source: 'access_request', status: 'pending', daysAgo: 2 },
  { email: 'procurement@fabrikam.test', source: 'direct_link', daysAgo: 64 },
  { email: 'anika.sharma@fabrikam.test', source: 'subscribe_button', daysAgo: 57 },
  { email: 'tom.becker@fabrikam.test', source: 'trust_center_updates_button', daysAgo: 12 },
  // Woodgrove Bank: a regulated customer that watches every change.
  { email: 'vendor.management@woodgrove.test', source: 'staff', daysAgo: 350 },
  { email: 'ciso.office@woodgrove.test', source: 'subscribe_button', daysAgo: 342 },
  { email: 'priya.natarajan@woodgrove.test', source: 'trust_center_updates_button', daysAgo: 275 },
  { email: 'daniel.kim@woodgrove.test', source: 'direct_link', daysAgo: 190 },
  { email: 'third-party-risk@woodgrove.test', source: 'access_request', daysAgo: 160 },
  { email: 'sam.ortiz@woodgrove.test', source: 'subscribe_button', status: 'unsubscribed', daysAgo: 230 },
  // Litware.
  { email: 'compliance@litware.test', source: 'subscribe_button', daysAgo: 300 },
  { email: 'hannah.walsh@litware.test', source: 'trust_center_updates_button', daysAgo: 145 },
  { email: 'ravi.menon@litware.test', source: 'direct_link', daysAgo: 21 },
  { email: 'olivia.brandt@litware.test', source: 'access_request', status: 'pending', daysAgo: 5 },
  // Adatum.
  { email: 'infosec@adatum.test', source: 'staff', daysAgo: 330 },
  { email: 'carlos.mendes@adatum.test', source: 'subscribe_button', daysAgo: 250 },
  { email: 'yuki.sato@adatum.test', source: 'trust_center_updates_button', daysAgo: 98 },
  { email: 'emma.lindqvist@adatum.test', source: 'direct_link', daysAgo: 73 },
  { email: 'noah.patel@adatum.test', source: 'subscribe_button', status: 'unsubscribed', daysAgo: 180 },
  // Tailspin Toys.
  { email: 'security-team@tailspin.test', source: 'subscribe_button', daysAgo: 280 },
  { email: 'amelia.ross@tailspin.test', source: 'access_request', daysAgo: 110 },
  { email: 'felix.wagner@tailspin.test', source: 'trust_center_updates_button', daysAgo: 43 },
  { email: 'zoe.martin@tailspin.test', source: 'direct_link', status: 'pending', daysAgo: 1 },
  // Others: smaller customers and prospects.
  { email: 'kofi.mensah@proseware.test', source: 'subscribe_button', daysAgo: 205 },
  { email: 'vendor-security@proseware.test', source: 'access_request', daysAgo: 133 },
  { email: 'isabel.garcia@wingtip.test', source: 'trust_center_updates_button', daysAgo: 167 },
  { email: 'risk@wingtip.test', source: 'direct_link', daysAgo: 9 },
  { email: 'liam.oconnor@alpineski.test', source: 'subscribe_button', daysAgo: 355 },
  { email: 'sofia.rossi@margiestravel.test', source: 'trust_center_updates_button', daysAgo: 82 },
  { email: 'grc@northwindtraders.test', source: 'staff', daysAgo: 260 },
  { email: 'mateo.silva@fourthcoffee.test', source: 'direct_link', status: 'unsubscribed', daysAgo: 140 },
  { email: 'aisha.bello@fourthcoffee.test', source: 'subscribe_button', daysAgo: 27 },
  { email: 'ethan.clarke@lucernepublishing.test', source: 'access_request', daysAgo: 16 },
  // The blocked domain's one address: still listed, gets nothing.
  { email: 'qwerty123@throwaway-mail.test', source: 'direct_link', status: 'pending', daysAgo: 48 },
]

const DAY_MS = 24 * 60 * 60 * 1000

/** Inserts the demo subscribers and the blocked domain for the demo org (inside the seed's transaction). */
export async function seedSubscribers(trx: Database, orgId: string) {
  const now = Date.now()
  const ago = (days: number, hours = 0) => new Date(now - days * DAY_MS + hours * 3_600_000)
  await trx
    .insertInto('subscribers')
    .values(
      SUBSCRIBERS.map((subscriber, index) => {
        const status = subscriber.status ?? 'confirmed'
        // Spread over the day, so the list's order is not the order written here.
        const createdAt = ago(subscriber.daysAgo, index % 9)
        const confirmedAt = status === 'pending' ? null : new Date(createdAt.getTime() + (10 + index * 7) * 60_000)
        return {
          org_id: orgId,
          email: subscriber.email,
          source: subscriber.source,
          status,
          created_at: createdAt,
          confirm_sent_at: subscriber.source === 'staff' ? null : createdAt,
          confirmed_at: confirmedAt,
          // Left somewhere between a day and two months after confirming, never in the future.
          unsubscribed_at: status === 'unsubscribed' ? new Date(Math.min(now, confirmedAt!.getTime() + (1 + (index % 60)) * DAY_MS)) : null,
        }
      }),
    )
    .execute()
  await trx
    .insertInto('subscriber_blocks')
    .values({ org_id: orgId, pattern: BLOCKED_DOMAIN, kind: 'domain', created_by: DEMO_ADMIN_EMAIL, created_at: ago(45) })
    .execute()
}
