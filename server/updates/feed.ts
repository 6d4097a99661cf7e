import type { Database } from '../../db/index'
import { updateShownSql } from '../access/sql'
import { privateUpdatesShown, PUBLIC_VIEWER } from '../access/visibility'

/** Entries in the Atom feed: the newest. */
const FEED_SIZE = 50

/**
 * The Atom feed's updates (issue 8): what the portal shows the public, newest first. A feed reader has no
 * session, so it gets what an anonymous visitor gets, whoever asks.
 */
export function feedUpdates(db: Database, orgId: string) {
  return db
    .selectFrom('updates')
    .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
    .select(['updates.id', 'updates.title', 'updates.message', 'updates.created_at', 'updates.updated_at', 'update_topics.subject', 'update_topics.category'])
    .where('update_topics.org_id', '=', orgId)
    .where(updateShownSql({ privateUpdates: privateUpdatesShown(PUBLIC_VIEWER) }, 'updates', 'update_topics'))
    .orderBy('updates.created_at', 'desc')
    .limit(FEED_SIZE)
    .execute()
}
