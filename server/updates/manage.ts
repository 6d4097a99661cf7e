import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '../../db/index'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import { bumpOrgRevision } from '../portal/revision'
import { refusable, refuse, type Refused } from '../refusal'
import { countSubscriberRecipients } from './recipients'
import { createUpdateSend, sendProgress, type ProgressViewer, type SendProgress } from './sends'
import { UPDATE_MESSAGES, type CreateUpdateInput, type EditUpdateInput, type TopicFields, type UpdateAudience, type UpdateCategory } from '../../app/lib/schemas/updates'

// Trust updates (/updates): topics, the updates under them, and publishing by e-mail. Updates are
// org-wide, so every change bumps the org's portal revision in its transaction, with its audit entry.
// Every id a form sends is looked up inside the staff member's org; another org's is "not found".

export type ChangeResult = { ok: true; message: string; topicId: string } | Refused

const NO_SUCH_TOPIC = 'This topic no longer exists.'
const NO_SUCH_UPDATE = 'This update no longer exists.'

async function change(db: Database, run: (trx: Database) => Promise<{ message: string; topicId: string }>): Promise<ChangeResult> {
  const result = await refusable(db, run)
  return result.ok ? { ok: true, ...result.value } : result
}

// ---------------------------------------------------------------------------------------------------
// The page

export interface StaffUpdate {
  id: string
  title: string
  message: string
  audience: UpdateAudience
  channelPortal: boolean
  channelEmail: boolean
  pinned: boolean
  createdAt: string
  updatedAt: string
  /** One entry per e-mail send of the update, newest first. */
  sends: SendProgress[]
}

export interface StaffTopic {
  id: string
  subject: string
  category: UpdateCategory
  hidden: boolean
  createdAt: string
  /** Pinned first, then newest first. */
  updates: StaffUpdate[]
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * Everything /updates shows: topics newest first with their updates, each e-mail's progress, and who an
 * e-mail would reach; `viewer` says which send counts the staff member may see (sendProgress).
 */
export async function loadUpdatesPage(db: Database, orgId: string, viewer: ProgressViewer) {
  const [topics, progress, reachPublic, reachPrivate] = await Promise.all([
    db
      .selectFrom('update_topics')
      .select((eb) => [
        'update_topics.id',
        'update_topics.subject',
        'update_topics.category',
        'update_topics.hidden',
        'update_topics.created_at',
        jsonArrayFrom(
          eb
            .selectFrom('updates')
            .select([
              'updates.id',
              'updates.title',
              'updates.message',
              'updates.audience',
              'updates.channel_portal',
              'updates.channel_email',
              'updates.pinned',
              'updates.created_at',
              'updates.updated_at',
            ])
            .whereRef('updates.topic_id', '=', 'update_topics.id')
            .orderBy('updates.pinned', 'desc')
            .orderBy('updates.created_at', 'desc')
            .orderBy('updates.id'),
        ).as('updates'),
      ])
      .where('update_topics.org_id', '=', orgId)
      .orderBy('update_topics.created_at', 'desc')
      .orderBy('update_topics.id')
      .execute(),
    sendProgress(db, orgId, viewer),
    countSubscriberRecipients(db, orgId, 'public'),
    countSubscriberRecipients(db, orgId, 'private'),
  ])
  const shaped: StaffTopic[] = topics.map((topic) => ({
    id: topic.id,
    subject: topic.subject,
    category: topic.category as UpdateCategory,
    hidden: topic.hidden,
    createdAt: iso(topic.created_at),
    updates: topic.updates.map((update) => ({
      id: update.id,
      title: update.title,
      message: update.message,
      audience: update.audience === 'private' ? 'private' : 'public',
      channelPortal: update.channel_portal,
      channelEmail: update.channel_email,
      pinned: update.pinned,
      createdAt: iso(update.created_at),
      updatedAt: iso(update.updated_at),
      sends: progress.get(update.id) ?? [],
    })),
  }))
  return {
    topics: shaped,
    /** How many confirmed subscribers an e-mail to all of them reaches, by the update's audience. */
    reach: { public: reachPublic, private: reachPrivate },
    sending: shaped.some((topic) => topic.updates.some((update) => update.sends.some((send) => send.inProgress))),
  }
}

// ---------------------------------------------------------------------------------------------------
// Topics

async function lockTopic(trx: Database, orgId: string, topicId: string) {
  const topic = await trx
    .selectFrom('update_topics')
    .select(['id', 'subject', 'category', 'hidden'])
    .where('id', '=', topicId)
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst()
  return topic ?? refuse(404, NO_SUCH_TOPIC)
}

export async function createTopic(db: Database, staff: StaffMember, fields: TopicFields): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const topic = await trx
      .insertInto('update_topics')
      .values({ org_id: staff.orgId, subject: fields.subject, category: fields.category, hidden: fields.hidden })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: 'topic.create', target: fields.subject, after: { topicId: topic.id, ...fields } })
    await bumpOrgRevision(trx, staff.orgId)
    return { message: `Topic ${fields.subject} created`, topicId: topic.id }
  })
}

export async function editTopic(db: Database, staff: StaffMember, topicId: string, fields: TopicFields): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const topic = await lockTopic(trx, staff.orgId, topicId)
    await trx.updateTable('update_topics').set({ subject: fields.subject, category: fields.category, hidden: fields.hidden }).where('id', '=', topic.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'topic.edit',
      target: fields.subject,
      before: { topicId: topic.id, subject: topic.subject, category: topic.category, hidden: topic.hidden },
      after: { topicId: topic.id, ...fields },
    })
    await bumpOrgRevision(trx, staff.orgId)
    return { message: `Topic ${fields.subject} saved`, topicId: topic.id }
  })
}

/**
 * E-mails of these updates not yet handed to a transport are cancelled: nobody is told about an update
 * that no longer exists. The sends are locked first, so a fan-out batch cannot add recipients meanwhile.
 * Sent, failed and held mails stay in the outbox as the record of what went out.
 */
async function cancelUnsentEmails(trx: Database, orgId: string, updateIds: readonly string[]) {
  if (!updateIds.length) return 0
  const sends = await trx.selectFrom('update_sends').select(['id', 'content_id']).where('org_id', '=', orgId).where('update_id', 'in', updateIds).forUpdate().execute()
  if (!sends.length) return 0
  const sendIds = sends.map((send) => send.id)
  const cancelled = await trx.deleteFrom('outbox').where('update_send_id', 'in', sendIds).where('status', '=', 'pending').executeTakeFirst()
  // The sends' stored mail stays while a sent or failed row shows it; with every row cancelled it goes too.
  const contentIds = sends.flatMap((send) => (send.content_id ? [send.content_id] : []))
  if (contentIds.length) {
    await trx.updateTable('update_sends').set({ content_id: null }).where('id', 'in', sendIds).execute()
    await trx
      .deleteFrom('outbox_contents')
      .where('id', 'in', contentIds)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('outbox').select('outbox.id').whereRef('outbox.content_id', '=', 'outbox_contents.id'))))
      .execute()
  }
  return Number(cancelled.numDeletedRows)
}

/** Deletes a topic with its updates (and their sends, by cascade). */
export async function deleteTopic(db: Database, staff: StaffMember, topicId: string): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const topic = await lockTopic(trx, staff.orgId, topicId)
    const updates = await trx.selectFrom('updates').select('id').where('topic_id', '=', topic.id).forUpdate().execute()
    const cancelledEmails = await cancelUnsentEmails(
      trx,
      staff.orgId,
      updates.map((update) => update.id),
    )
    await trx.deleteFrom('update_topics').where('id', '=', topic.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'topic.delete',
      target: topic.subject,
      before: { topicId: topic.id, subject: topic.subject, category: topic.category, hidden: topic.hidden, updates: updates.length },
      after: cancelledEmails ? { cancelledEmails } : undefined,
    })
    await bumpOrgRevision(trx, staff.orgId)
    const count = updates.length ? ` and its ${updates.length === 1 ? 'update' : `${updates.length} updates`}` : ''
    return { message: `Topic ${topic.subject}${count} deleted`, topicId: topic.id }
  })
}

// ---------------------------------------------------------------------------------------------------
// Updates

/**
 * Publishes an update under one of the org's topics: on the Trust Center, by e-mail, or both. An e-mail
 * is one `update_sends` row written in this same transaction; the fan-out expands it after commit, so the
 * caller kicks the e-mail worker once this returns `emailed`.
 */
export async function createUpdate(db: Database, staff: StaffMember, input: Omit<CreateUpdateInput, 'intent'>): Promise<ChangeResult & { emailed?: boolean }> {
  const result = await change(db, async (trx) => {
    // The topic is locked so a concurrent delete cannot leave the update without it.
    const topic = await lockTopic(trx, staff.orgId, input.topicId)
    const update = await trx
      .insertInto('updates')
      .values({
        topic_id: topic.id,
        title: input.title,
        message: input.message,
        audience: input.audience,
        channel_portal: input.channelPortal,
        channel_email: input.email !== null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    let sendId: string | null = null
    if (input.email) {
      sendId = await createUpdateSend(trx, {
        orgId: staff.orgId,
        updateId: update.id,
        audience: input.email.audience,
        emails: input.email.audience === 'list' ? input.email.emails : undefined,
        createdBy: staff.email,
      })
    }
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'update.create',
      target: topic.subject,
      after: {
        updateId: update.id,
        topicId: topic.id,
        title: input.title,
        message: input.message,
        audience: input.audience,
        channelPortal: input.channelPortal,
        email: input.email && (input.email.audience === 'list' ? { audience: 'list', recipients: input.email.emails.length, sendId } : { audience: 'subscribers', sendId }),
      },
    })
    await bumpOrgRevision(trx, staff.orgId)
    const message = !input.email ? 'Update published' : input.channelPortal ? 'Update published; the e-mail is on its way' : 'Update saved; the e-mail is on its way'
    return { message, topicId: topic.id }
  })
  return result.ok ? { ...result, emailed: input.email !== null } : result
}

/** The update, locked, when its topic is the org's. */
async function lockUpdate(trx: Database, orgId: string, updateId: string) {
  const update = await trx
    .selectFrom('updates')
    .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
    .select([
      'updates.id',
      'updates.topic_id',
      'updates.title',
      'updates.message',
      'updates.audience',
      'updates.channel_portal',
      'updates.channel_email',
      'updates.pinned',
      'update_topics.subject',
    ])
    .where('updates.id', '=', updateId)
    .where('update_topics.org_id', '=', orgId)
    .forUpdate(['updates'])
    .executeTakeFirst()
  return update ?? refuse(404, NO_SUCH_UPDATE)
}

export type UpdateFields = Omit<EditUpdateInput, 'updateId'>

const updateState = (update: Awaited<ReturnType<typeof lockUpdate>>) => ({
  updateId: update.id,
  topicId: update.topic_id,
  title: update.title,
  message: update.message,
  audience: update.audience,
  channelPortal: update.channel_portal,
  pinned: update.pinned,
})

/** Changes an update's text, audience, pin and whether the Trust Center shows it; never sends e-mail again. */
export async function editUpdate(db: Database, staff: StaffMember, updateId: string, input: UpdateFields): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const update = await lockUpdate(trx, staff.orgId, updateId)
    // An update never e-mailed has only the Trust Center: taking it off would leave it nowhere.
    if (!input.channelPortal && !update.channel_email) refuse(400, UPDATE_MESSAGES.channelRequired, { field: 'channelPortal' })
    await trx
      .updateTable('updates')
      .set({ title: input.title, message: input.message, audience: input.audience, pinned: input.pinned, channel_portal: input.channelPortal, updated_at: new Date() })
      .where('id', '=', update.id)
      .execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'update.edit',
      target: update.subject,
      before: updateState(update),
      after: {
        updateId: update.id,
        topicId: update.topic_id,
        title: input.title,
        message: input.message,
        audience: input.audience,
        channelPortal: input.channelPortal,
        pinned: input.pinned,
      },
    })
    await bumpOrgRevision(trx, staff.orgId)
    return { message: 'Update saved', topicId: update.topic_id }
  })
}

/** Pins or unpins an update: pinned ones come first on the Trust Center. */
export async function pinUpdate(db: Database, staff: StaffMember, updateId: string, pinned: boolean): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const update = await lockUpdate(trx, staff.orgId, updateId)
    await trx.updateTable('updates').set({ pinned }).where('id', '=', update.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: pinned ? 'update.pin' : 'update.unpin',
      target: update.subject,
      before: { updateId: update.id, pinned: update.pinned },
      after: { updateId: update.id, pinned },
    })
    await bumpOrgRevision(trx, staff.orgId)
    return { message: pinned ? 'Update pinned' : 'Update unpinned', topicId: update.topic_id }
  })
}

export async function deleteUpdate(db: Database, staff: StaffMember, updateId: string): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const update = await lockUpdate(trx, staff.orgId, updateId)
    const cancelledEmails = await cancelUnsentEmails(trx, staff.orgId, [update.id])
    await trx.deleteFrom('updates').where('id', '=', update.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'update.delete',
      target: update.subject,
      before: { ...updateState(update), channelEmail: update.channel_email },
      after: cancelledEmails ? { cancelledEmails } : undefined,
    })
    await bumpOrgRevision(trx, staff.orgId)
    return { message: 'Update deleted', topicId: update.topic_id }
  })
}
