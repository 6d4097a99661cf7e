import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import Updates, { action as updatesAction, loader as updatesLoader } from '../../app/routes/staff/updates/index'
import { loader as outboxLoader } from '../../app/routes/staff/settings/outbox'
import { UPDATE_MESSAGES, UPDATE_TITLE_MAX } from '../../app/lib/schemas/updates'
import { listOutbox } from '../../server/email/list'
import { expandUpdateSends } from '../../server/updates/fanout'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const json = (value: unknown) => JSON.stringify(value)
const DAY = 86_400_000

describeEachDatabase('staff updates', (database) => {
  const db = () => database().handle.db

  const post = (org: OrgFixture, form: Record<string, string | string[]>, cookie = org.admin.cookie, path = '/updates') =>
    callRoute(updatesAction, database(), { path, cookie, form })
  const load = (cookie: string, path = '/updates') => callRoute(updatesLoader, database(), { path, cookie })

  const revision = async (orgId: string) => (await db().selectFrom('portal_customizations').select('revision').where('org_id', '=', orgId).executeTakeFirstOrThrow()).revision
  const auditActions = async (orgId: string) =>
    (await db().selectFrom('audit_entries').select('action').where('org_id', '=', orgId).orderBy('created_at').execute()).map((entry) => entry.action)
  const topicsOf = (orgId: string) => db().selectFrom('update_topics').selectAll().where('org_id', '=', orgId).orderBy('created_at').execute()
  const updatesOf = (topicId: string) => db().selectFrom('updates').selectAll().where('topic_id', '=', topicId).orderBy('created_at').execute()
  const sendsOf = (updateId: string) => db().selectFrom('update_sends').selectAll().where('update_id', '=', updateId).execute()
  const sendsOfOrg = (orgId: string) => db().selectFrom('update_sends').selectAll().where('org_id', '=', orgId).execute()

  async function createTopic(org: { id: string }, subject = 'Platform news', category = 'general', hidden = false, createdAt = new Date()) {
    return db().insertInto('update_topics').values({ org_id: org.id, subject, category, hidden, created_at: createdAt }).returning('id').executeTakeFirstOrThrow()
  }

  async function createUpdate(
    topicId: string,
    values: { title?: string; message?: string; pinned?: boolean; channelEmail?: boolean; channelPortal?: boolean; createdAt?: Date } = {},
  ) {
    return db()
      .insertInto('updates')
      .values({
        topic_id: topicId,
        title: values.title ?? 'Something happened',
        message: values.message ?? 'Something happened.',
        pinned: values.pinned ?? false,
        channel_email: values.channelEmail ?? false,
        channel_portal: values.channelPortal ?? true,
        ...(values.createdAt ? { created_at: values.createdAt, updated_at: values.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  async function subscribe(org: { id: string }, email: string, status = 'confirmed') {
    await db().insertInto('subscribers').values({ org_id: org.id, email, source: 'direct_link', status }).execute()
  }

  /** A member of an account with live access to the org's product: a private update's reader. */
  async function accountMember(org: OrgFixture, email: string) {
    const profile = await db()
      .insertInto('permission_profiles')
      .values({ product_id: org.product.id, name: 'Readers', card_kinds: json([]), item_uids: json([]) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const account = await db()
      .insertInto('accounts')
      .values({ org_id: org.id, name: 'Contoso', domains: json(['contoso.test']) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('account_products')
      .values({ account_id: account.id, product_id: org.product.id, permission_profile_id: profile.id, access_expires_at: new Date(Date.now() + 30 * DAY) })
      .execute()
    await db().insertInto('account_members').values({ org_id: org.id, account_id: account.id, email, first_name: 'Casey', last_name: 'Reader' }).execute()
  }

  function render(loaderData: unknown, path = '/updates') {
    const Stub = createRoutesStub([{ id: 'updates', path: '/updates', Component: Updates as never }])
    return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { updates: loaderData } } }))
  }

  // -------------------------------------------------------------------------------------------------
  // Topics

  it('creates, edits and deletes a topic, each with its audit entry and a revision bump', async () => {
    const org = await createOrg(database())
    const start = await revision(org.id)

    const created = await post(org, { intent: 'topic-create', subject: '  SOC 2 report  ', category: 'compliance' })
    expect(created.status).toBe(302)
    expect(created.toast).toBe('Topic SOC 2 report created')
    const [topic] = await topicsOf(org.id)
    expect(topic).toMatchObject({ subject: 'SOC 2 report', category: 'compliance', hidden: false })
    expect(created.location).toBe(`/updates#topic-${topic.id}`)
    expect(await revision(org.id)).toBe(start + 1)

    const edited = await post(org, { intent: 'topic-edit', topicId: topic.id, subject: 'SOC 2 Type II', category: 'general', hidden: 'on' })
    expect(edited.status).toBe(302)
    expect(edited.toast).toBe('Topic SOC 2 Type II saved')
    expect((await topicsOf(org.id))[0]).toMatchObject({ subject: 'SOC 2 Type II', category: 'general', hidden: true })
    expect(await revision(org.id)).toBe(start + 2)

    await createUpdate(topic.id)
    await createUpdate(topic.id)
    const deleted = await post(org, { intent: 'topic-delete', topicId: topic.id })
    expect(deleted.status).toBe(302)
    expect(deleted.toast).toBe('Topic SOC 2 Type II and its 2 updates deleted')
    expect(await topicsOf(org.id)).toEqual([])
    expect(await updatesOf(topic.id)).toEqual([])
    expect(await revision(org.id)).toBe(start + 3)
    expect(await auditActions(org.id)).toEqual(['topic.create', 'topic.edit', 'topic.delete'])
  })

  it('says what is wrong with a topic: subject and category are required', async () => {
    const org = await createOrg(database())
    const empty = await post(org, { intent: 'topic-create', subject: '   ', category: '' })
    expect(empty.status).toBe(400)
    expect(empty.data.result.error.subject).toEqual([UPDATE_MESSAGES.subjectRequired])
    expect(empty.data.result.error.category).toEqual([UPDATE_MESSAGES.categoryRequired])
    const unknown = await post(org, { intent: 'topic-create', subject: 'News', category: 'gossip' })
    expect(unknown.status).toBe(400)
    expect(unknown.data.result.error.category).toEqual([UPDATE_MESSAGES.categoryRequired])
    const long = await post(org, { intent: 'topic-create', subject: 'x'.repeat(201), category: 'general' })
    expect(long.data.result.error.subject).toEqual([UPDATE_MESSAGES.subjectTooLong])
    const twoLines = await post(org, { intent: 'topic-create', subject: 'One\ntwo', category: 'general' })
    expect(twoLines.data.result.error.subject).toEqual([UPDATE_MESSAGES.oneLine])

    const topic = await createTopic(org, 'Kept')
    const badEdit = await post(org, { intent: 'topic-edit', topicId: topic.id, subject: '', category: 'general' })
    expect(badEdit.status).toBe(400)
    expect(badEdit.data).toMatchObject({ intent: 'topic-edit', target: topic.id })
    expect(badEdit.data.result.error.subject).toEqual([UPDATE_MESSAGES.subjectRequired])
    expect((await topicsOf(org.id)).map((row) => row.subject)).toEqual(['Kept'])
    expect(await auditActions(org.id)).toEqual([])
  })

  // -------------------------------------------------------------------------------------------------
  // Publishing

  it('publishes on the Trust Center only without writing any e-mail send', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const start = await revision(org.id)
    const published = await post(org, {
      intent: 'update-create',
      topicId: topic.id,
      title: 'News',
      message: ' Line one\r\nLine two ',
      audience: 'private',
      channelPortal: 'on',
      emailAudience: 'subscribers',
    })
    expect(published.status).toBe(302)
    expect(published.toast).toBe('Update published')
    expect(published.location).toBe(`/updates#topic-${topic.id}`)
    const [update] = await updatesOf(topic.id)
    expect(update).toMatchObject({ title: 'News', message: 'Line one\nLine two', audience: 'private', channel_portal: true, channel_email: false, pinned: false })
    expect(await sendsOfOrg(org.id)).toEqual([])
    expect(await revision(org.id)).toBe(start + 1)
    expect(await auditActions(org.id)).toEqual(['update.create'])
  })

  it('publishes by e-mail to all confirmed subscribers: exactly one send, written in the same transaction', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const start = await revision(org.id)
    const published = await post(org, {
      intent: 'update-create',
      topicId: topic.id,
      title: 'News',
      message: 'We renewed our SOC 2.',
      audience: 'public',
      channelPortal: 'on',
      channelEmail: 'on',
      emailAudience: 'subscribers',
      audienceEmails: 'ignored@example.test',
    })
    expect(published.status).toBe(302)
    expect(published.toast).toBe('Update published; the e-mail is on its way')
    const [update] = await updatesOf(topic.id)
    expect(update).toMatchObject({ channel_portal: true, channel_email: true })
    const sends = await sendsOfOrg(org.id)
    expect(sends).toHaveLength(1)
    expect(sends[0]).toMatchObject({ update_id: update.id, audience: 'subscribers', audience_emails: [], created_by: org.admin.email })
    // now() is the transaction's start: the same instant for the update, its send and its audit entry.
    expect(new Date(sends[0].created_at).getTime()).toBe(new Date(update.created_at).getTime())
    const audit = await db().selectFrom('audit_entries').select(['action', 'created_at', 'after']).where('org_id', '=', org.id).executeTakeFirstOrThrow()
    expect(audit.action).toBe('update.create')
    expect(new Date(audit.created_at).getTime()).toBe(new Date(update.created_at).getTime())
    expect(audit.after).toMatchObject({ updateId: update.id, email: { audience: 'subscribers', sendId: sends[0].id } })
    expect(await revision(org.id)).toBe(start + 1)

    // E-mail only: the Trust Center does not show it, and it is still one send.
    const emailOnly = await post(org, { intent: 'update-create', topicId: topic.id, title: 'News', message: 'Only by mail.', channelEmail: 'on', emailAudience: 'subscribers' })
    expect(emailOnly.status).toBe(302)
    expect(emailOnly.toast).toBe('Update saved; the e-mail is on its way')
    const second = (await updatesOf(topic.id))[1]
    expect(second).toMatchObject({ channel_portal: false, channel_email: true })
    expect(await sendsOf(second.id)).toHaveLength(1)
    expect(await sendsOfOrg(org.id)).toHaveLength(2)
  })

  it('e-mails an audience list: split on commas, spaces and new lines, lowercased, each address once', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const published = await post(org, {
      intent: 'update-create',
      topicId: topic.id,
      title: 'News',
      message: 'For our auditors.',
      channelEmail: 'on',
      emailAudience: 'list',
      audienceEmails: 'Alice@Example.test, bob@example.test\n\n  carol@example.test;alice@example.test\tBOB@example.test ,',
    })
    expect(published.status).toBe(302)
    const [update] = await updatesOf(topic.id)
    const [send] = await sendsOf(update.id)
    expect(send).toMatchObject({ audience: 'list', audience_emails: ['alice@example.test', 'bob@example.test', 'carol@example.test'] })
    expect(await auditActions(org.id)).toEqual(['update.create'])
  })

  it('says every problem of a new update and writes nothing', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const start = await revision(org.id)
    const base = { intent: 'update-create', topicId: topic.id, title: 'News' }

    const nothing = await post(org, { ...base, title: '  ', message: '   ' })
    expect(nothing.status).toBe(400)
    expect(nothing.data).toMatchObject({ intent: 'update-create', target: topic.id })
    expect(nothing.data.result.error.title).toEqual([UPDATE_MESSAGES.titleRequired])
    expect(nothing.data.result.error.message).toEqual([UPDATE_MESSAGES.messageRequired])
    const longTitle = await post(org, { ...base, title: 'x'.repeat(UPDATE_TITLE_MAX + 1), message: 'Hi', channelPortal: 'on' })
    expect(longTitle.status).toBe(400)
    expect(longTitle.data.result.error.title).toEqual([UPDATE_MESSAGES.titleTooLong])
    // A title is a mail's subject: a header injected by CR/LF, or any control or line-separating character, is refused.
    for (const title of ['News\r\nBcc: everyone@evil.test', 'News\u001b[31m', 'News\u2028Next', 'News\u000bNext'])
      expect(await post(org, { ...base, title, message: 'Hi', channelPortal: 'on' })).toMatchObject({
        status: 400,
        data: { result: { error: { title: [UPDATE_MESSAGES.oneLine] } } },
      })
    expect(await post(org, { ...base, title: 'News\u0000', message: 'Hi', channelPortal: 'on' })).toMatchObject({
      status: 400,
      data: 'This form has a value with a NUL character, which cannot be saved.',
    })
    expect(nothing.data.result.error.channels).toEqual([UPDATE_MESSAGES.channelRequired])

    const noAudience = await post(org, { ...base, message: 'Hi', channelEmail: 'on' })
    expect(noAudience.status).toBe(400)
    expect(noAudience.data.result.error.emailAudience).toEqual([UPDATE_MESSAGES.emailAudienceRequired])

    const emptyList = await post(org, { ...base, message: 'Hi', channelEmail: 'on', emailAudience: 'list', audienceEmails: ' ,\n ' })
    expect(emptyList.status).toBe(400)
    expect(emptyList.data.result.error.audienceEmails).toEqual([UPDATE_MESSAGES.audienceEmailsRequired])

    const badEntries = await post(org, { ...base, message: 'Hi', channelEmail: 'on', emailAudience: 'list', audienceEmails: 'ok@example.test, not-an-email, also@bad' })
    expect(badEntries.status).toBe(400)
    expect(badEntries.data.result.error.audienceEmails).toEqual(['"not-an-email" is not a valid email', '"also@bad" is not a valid email'])

    const manyBad = await post(org, { ...base, message: 'Hi', channelEmail: 'on', emailAudience: 'list', audienceEmails: Array.from({ length: 8 }, (_, i) => `bad${i}`).join(' ') })
    expect(manyBad.data.result.error.audienceEmails).toHaveLength(6)
    expect(manyBad.data.result.error.audienceEmails[5]).toBe(UPDATE_MESSAGES.moreInvalid(3))

    const tooMany = await post(org, {
      ...base,
      message: 'Hi',
      channelEmail: 'on',
      emailAudience: 'list',
      audienceEmails: Array.from({ length: 1001 }, (_, i) => `person${i}@example.test`).join('\n'),
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.data.result.error.audienceEmails).toEqual([UPDATE_MESSAGES.audienceEmailsTooMany])
    // A thousand is allowed, and duplicates do not count twice.
    const thousand = Array.from({ length: 1000 }, (_, i) => `person${i}@example.test`)
    const atLimit = await post(org, { ...base, message: 'Hi', channelEmail: 'on', emailAudience: 'list', audienceEmails: [...thousand, ...thousand.slice(0, 10)].join('\n') })
    expect(atLimit.status).toBe(302)
    const [sent] = await updatesOf(topic.id)
    expect(((await sendsOf(sent.id))[0].audience_emails as string[]).length).toBe(1000)
    await db().deleteFrom('updates').where('id', '=', sent.id).execute()

    const tooLong = await post(org, { ...base, message: 'x'.repeat(5001), channelPortal: 'on' })
    expect(tooLong.data.result.error.message).toEqual([UPDATE_MESSAGES.messageTooLong])
    const badAudience = await post(org, { ...base, message: 'Hi', channelPortal: 'on', audience: 'everyone' })
    expect(badAudience.data.result.error.audience).toEqual([UPDATE_MESSAGES.audienceRequired])
    const badTopic = await post(org, { ...base, topicId: 'nope', message: 'Hi', channelPortal: 'on' })
    expect(badTopic.status).toBe(400)
    expect(badTopic.data.result.error.topicId).toEqual(['Unknown topic'])

    expect(await updatesOf(topic.id)).toEqual([])
    expect(await sendsOfOrg(org.id)).toEqual([])
    expect(await revision(org.id)).toBe(start + 1)
    expect(await auditActions(org.id)).toEqual(['update.create'])
  })

  it('shows how many confirmed subscribers an e-mail reaches, for a public and a private update', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org, 'Incidents', 'incidents')
    await subscribe(org, 'one@example.test')
    await subscribe(org, 'two@example.test')
    await subscribe(org, 'reader@contoso.test')
    await subscribe(org, 'pending@example.test', 'pending')
    await subscribe(org, 'gone@example.test', 'unsubscribed')
    await subscribe(org, 'someone@blocked.test')
    await db().insertInto('subscriber_blocks').values({ org_id: org.id, pattern: 'blocked.test', kind: 'domain', created_by: org.admin.email }).execute()
    await accountMember(org, 'reader@contoso.test')
    // Another org's subscribers never count.
    const other = await createOrg(database())
    await subscribe(other, 'elsewhere@example.test')

    const page = await load(org.admin.cookie, `/updates?compose=${topic.id}`)
    expect(page.status).toBe(200)
    expect(page.data.reach).toEqual({ public: 3, private: 1 })
    expect(page.data.open.compose).toBe(topic.id)
    const html = render(page.data, `/updates?compose=${topic.id}`)
    // Before JavaScript runs both numbers are said; with it, the one of the audience chosen.
    expect(html).toContain('This e-mail will reach 3 confirmed subscribers if the update is public, 1 confirmed subscriber if it is private.')
    expect(html).toContain('New update in Incidents')
    expect(html).toMatch(/<input[^>]*name="channelPortal"[^>]*checked=""/)
    expect(html).toMatch(/<input[^>]*value="subscribers"[^>]*checked=""|<input[^>]*checked=""[^>]*value="subscribers"/)
    expect(html).toContain('name="audienceEmails"')
  })

  // -------------------------------------------------------------------------------------------------
  // Editing, pinning, deleting

  it('edits an update without sending it again, pins and unpins it, and deletes it after a confirmation', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const published = await post(org, {
      intent: 'update-create',
      topicId: topic.id,
      title: 'News',
      message: 'First words.',
      channelPortal: 'on',
      channelEmail: 'on',
      emailAudience: 'subscribers',
    })
    expect(published.status).toBe(302)
    const [update] = await updatesOf(topic.id)
    const start = await revision(org.id)

    const edited = await post(org, { intent: 'update-edit', updateId: update.id, title: 'Better title', message: 'Better words.', audience: 'private' })
    expect(edited.status).toBe(302)
    expect(edited.toast).toBe('Update saved')
    expect(edited.location).toBe(`/updates#update-${update.id}`)
    const after = (await updatesOf(topic.id))[0]
    // E-mailed already, so taking it off the Trust Center leaves it somewhere.
    expect(after).toMatchObject({ title: 'Better title', message: 'Better words.', audience: 'private', channel_portal: false, channel_email: true, pinned: false })
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(update.updated_at).getTime())
    expect(await sendsOf(update.id)).toHaveLength(1)
    expect(await revision(org.id)).toBe(start + 1)

    const pinned = await post(org, { intent: 'update-pin', updateId: update.id, pinned: 'true' })
    expect(pinned.status).toBe(302)
    expect(pinned.toast).toBe('Update pinned')
    expect((await updatesOf(topic.id))[0].pinned).toBe(true)
    const unpinned = await post(org, { intent: 'update-pin', updateId: update.id, pinned: 'false' })
    expect(unpinned.toast).toBe('Update unpinned')
    expect((await updatesOf(topic.id))[0].pinned).toBe(false)
    expect(await revision(org.id)).toBe(start + 3)

    // Pin and Delete are in the update's item menu, and each asks first; a confirmation is a URL, so it works without JavaScript.
    const listed = render((await load(org.admin.cookie, '/updates')).data, '/updates')
    expect(listed).toContain(`aria-label="Actions for update Better title in Platform news"`)
    expect(listed).toContain(`href="/updates?pinUpdate=${update.id}#update-${update.id}"`)
    const pinConfirm = await load(org.admin.cookie, `/updates?pinUpdate=${update.id}`)
    expect(pinConfirm.data.open.pinUpdate).toBe(update.id)
    const pinHtml = render(pinConfirm.data, `/updates?pinUpdate=${update.id}`)
    expect(pinHtml).toContain('Pin update')
    expect(pinHtml).toContain('name="pinned" value="true"')
    const confirm = await load(org.admin.cookie, `/updates?deleteUpdate=${update.id}`)
    expect(confirm.data.open.deleteUpdate).toBe(update.id)
    const html = render(confirm.data, `/updates?deleteUpdate=${update.id}`)
    expect(html).toContain('role="dialog"')
    expect(html).toContain('Delete update')
    expect(html).toContain(`name="updateId" value="${update.id}"`)

    const deleted = await post(org, { intent: 'update-delete', updateId: update.id })
    expect(deleted.status).toBe(302)
    expect(deleted.toast).toBe('Update deleted')
    expect(await updatesOf(topic.id)).toEqual([])
    expect(await sendsOfOrg(org.id)).toEqual([])
    expect(await revision(org.id)).toBe(start + 4)
    expect(await auditActions(org.id)).toEqual(['update.create', 'update.edit', 'update.pin', 'update.unpin', 'update.delete'])
  })

  it('refuses to take an update that was never e-mailed off the Trust Center, and checks the edit', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const update = await createUpdate(topic.id, { message: 'Stays.' })
    const off = await post(org, { intent: 'update-edit', updateId: update.id, title: 'Gone', message: 'Gone?', audience: 'public' })
    expect(off.status).toBe(400)
    expect(off.data).toMatchObject({ intent: 'update-edit', target: update.id })
    expect(off.data.result.error.channelPortal).toEqual([UPDATE_MESSAGES.channelRequired])
    const empty = await post(org, { intent: 'update-edit', updateId: update.id, title: ' ', message: '', channelPortal: 'on' })
    expect(empty.status).toBe(400)
    expect(empty.data.result.error.message).toEqual([UPDATE_MESSAGES.messageRequired])
    expect(empty.data.result.error.title).toEqual([UPDATE_MESSAGES.titleRequired])
    const twoLines = await post(org, { intent: 'update-edit', updateId: update.id, title: 'One\nTwo', message: 'Stays.', channelPortal: 'on' })
    expect(twoLines.data.result.error.title).toEqual([UPDATE_MESSAGES.oneLine])
    const badPin = await post(org, { intent: 'update-pin', updateId: update.id, pinned: 'maybe' })
    expect(badPin.status).toBe(400)
    expect((await updatesOf(topic.id))[0]).toMatchObject({ message: 'Stays.', channel_portal: true, pinned: false })
    expect(await auditActions(org.id)).toEqual([])
  })

  it('cancels the e-mails of a deleted update not yet sent, and keeps those that went out', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const update = await createUpdate(topic.id, { channelEmail: true })
    const send = await db()
      .insertInto('update_sends')
      .values({ org_id: org.id, update_id: update.id, audience: 'subscribers', created_by: org.admin.email, status: 'queued', recipients: 3 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const mail = (recipient: string, status: string) => ({ org_id: org.id, recipient, subject: 'News', text_body: 'News', status, update_send_id: send.id })
    await db()
      .insertInto('outbox')
      .values([mail('a@example.test', 'pending'), mail('b@example.test', 'sent'), mail('c@example.test', 'held')])
      .execute()
    const deleted = await post(org, { intent: 'topic-delete', topicId: topic.id })
    expect(deleted.status).toBe(302)
    const left = await db()
      .selectFrom('outbox')
      .select(['recipient', 'update_send_id'])
      .where('org_id', '=', org.id)
      .where('recipient', 'like', '%@example.test')
      .orderBy('recipient')
      .execute()
    expect(left).toEqual([
      { recipient: 'b@example.test', update_send_id: null },
      { recipient: 'c@example.test', update_send_id: null },
    ])
  })

  it('drops a deleted update’s stored mail with its last unsent e-mail, and keeps it while a sent one shows it', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    for (const email of ['one@example.test', 'two@example.test']) await subscribe(org, email)
    const contentOf = async (updateId: string) => (await sendsOf(updateId))[0].content_id
    const publish = async (message: string) => {
      expect(
        (await post(org, { intent: 'update-create', topicId: topic.id, title: 'News', message, channelPortal: 'on', channelEmail: 'on', emailAudience: 'subscribers' })).status,
      ).toBe(302)
      const update = (await updatesOf(topic.id)).find((row) => row.message === message)!
      await expandUpdateSends(db(), database().env)
      return { update, contentId: (await contentOf(update.id))! }
    }

    const unsent = await publish('Never sent.')
    expect(unsent.contentId).toBeTruthy()
    expect((await post(org, { intent: 'update-delete', updateId: unsent.update.id })).status).toBe(302)
    expect(await db().selectFrom('outbox_contents').select('id').where('id', '=', unsent.contentId).execute()).toEqual([])

    const halfSent = await publish('Half sent.')
    await db().updateTable('outbox').set({ status: 'sent', secrets: [] }).where('content_id', '=', halfSent.contentId).where('recipient', '=', 'one@example.test').execute()
    expect((await post(org, { intent: 'update-delete', updateId: halfSent.update.id })).status).toBe(302)
    const left = await db().selectFrom('outbox').select(['recipient', 'content_id']).where('org_id', '=', org.id).where('recipient', 'like', '%@example.test').execute()
    expect(left).toEqual([{ recipient: 'one@example.test', content_id: halfSent.contentId }])
    // /settings/outbox still shows what went out.
    const [shown] = (await listOutbox(db(), org.id, { permissions: ['subscribers', 'accounts'] })).filter((row) => row.recipient === 'one@example.test')
    expect(shown.text).toContain('Half sent.')
  })

  // -------------------------------------------------------------------------------------------------
  // The page

  it('lists topics with their updates pinned first, then newest first, and each e-mail’s progress', async () => {
    const org = await createOrg(database())
    const now = Date.now()
    // Two topics made in the same millisecond would tie on created_at; the older one is a minute older.
    const older = await createTopic(org, 'Older topic', 'compliance', false, new Date(now - 60_000))
    const hidden = await createTopic(org, 'Hidden topic', 'vulnerabilities', true, new Date(now))
    const oldest = await createUpdate(older.id, { message: 'Oldest', createdAt: new Date(now - 3 * DAY) })
    const pinned = await createUpdate(older.id, { message: 'Pinned old', pinned: true, createdAt: new Date(now - 5 * DAY) })
    const newest = await createUpdate(older.id, { message: 'Newest', createdAt: new Date(now - DAY), channelEmail: true })
    await createUpdate(hidden.id, { message: 'Quiet' })
    const send = await db()
      .insertInto('update_sends')
      .values({ org_id: org.id, update_id: newest.id, audience: 'subscribers', created_by: org.admin.email, status: 'queued', recipients: 6 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const mail = (recipient: string, status: string, attempts = 0) => ({ org_id: org.id, recipient, subject: 'News', text_body: 'News', status, attempts, update_send_id: send.id })
    await db()
      .insertInto('outbox')
      .values([
        mail('a@x.test', 'pending'),
        mail('b@x.test', 'sent'),
        mail('c@x.test', 'sent'),
        mail('d@x.test', 'failed', 5),
        mail('e@x.test', 'held'),
        mail('f@x.test', 'pending', 2),
      ])
      .execute()

    const page = await load(org.admin.cookie)
    expect(page.status).toBe(200)
    const topics = page.data.topics
    expect(topics.map((topic: { subject: string }) => topic.subject)).toEqual(['Hidden topic', 'Older topic'])
    expect(topics[0]).toMatchObject({ hidden: true, category: 'vulnerabilities' })
    expect(topics[1].updates.map((update: { id: string }) => update.id)).toEqual([pinned.id, newest.id, oldest.id])
    expect(topics[1].updates[1].sends).toEqual([expect.objectContaining({ sendId: send.id, expanding: false, recipients: 6, queued: 1, sent: 2, retrying: 1, failed: 1, held: 1 })])
    expect(topics[1].updates[0].sends).toEqual([])
    expect(page.data.sending).toBe(true)

    const html = render(page.data)
    expect(html).toContain('<h1>Updates</h1>')
    expect(html).toContain('E-mail progress')
    expect(html).toContain('Hidden: the Trust Center does not show this topic or its updates.')
    expect(html).toContain('href="/settings/outbox"')
    expect(html).toContain('aria-label="Delete topic Older topic"')
    expect(html).toContain('E-mails are being sent')

    // Done: nothing queued or retrying any more, so the page stops refreshing itself.
    await db().updateTable('outbox').set({ status: 'sent' }).where('update_send_id', '=', send.id).where('status', '=', 'pending').execute()
    const done = await load(org.admin.cookie)
    expect(done.data.topics[1].updates[1].sends[0]).toMatchObject({ queued: 0, retrying: 0, sent: 4 })
    expect(done.data.sending).toBe(false)

    // A send still being expanded says so.
    await db().insertInto('update_sends').values({ org_id: org.id, update_id: oldest.id, audience: 'subscribers', created_by: org.admin.email }).execute()
    const expanding = await load(org.admin.cookie)
    expect(expanding.data.topics[1].updates[2].sends[0]).toMatchObject({ expanding: true })
    expect(expanding.data.sending).toBe(true)
    expect(render(expanding.data)).toContain('Preparing recipients…')
  })

  it('shows the counts of an audience-list e-mail only to staff who could look its addresses up', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org, 'Notices')
    const publicUpdate = await createUpdate(topic.id, { message: 'For a list', channelEmail: true })
    const privateUpdate = await db()
      .insertInto('updates')
      .values({ topic_id: topic.id, title: 'Private, for a list', message: 'Private, for a list', audience: 'private', channel_email: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const update of [publicUpdate, privateUpdate]) {
      const send = await db()
        .insertInto('update_sends')
        .values({
          org_id: org.id,
          update_id: update.id,
          audience: 'list',
          audience_emails: json(['kept@x.test', 'blocked@x.test']),
          created_by: org.admin.email,
          status: 'queued',
          recipients: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db().insertInto('outbox').values({ org_id: org.id, recipient: 'kept@x.test', subject: 'News', text_body: 'News', status: 'pending', update_send_id: send.id }).execute()
    }
    const sendsBy = async (cookie: string) => {
      const page = await load(cookie)
      expect(page.status).toBe(200)
      const updates = page.data.topics[0].updates as { message: string; sends: Record<string, unknown>[] }[]
      return { page, of: (message: string) => updates.find((update) => update.message === message)!.sends[0] }
    }
    const counted = { recipients: 1, queued: 1, countsWithheld: false, inProgress: true }
    // Nor whether mails are still queued: a list whose addresses were all left out would be done at once.
    const withheld = { recipients: 0, queued: 0, sent: 0, retrying: 0, failed: 0, held: 0, countsWithheld: true, inProgress: false }

    // Only `updates`: neither list's counts (they would tell that blocked@x.test was left out), only that it was prepared.
    const writer = await sendsBy(await createStaffMember(database(), 'writer@northwind.test', ['updates'], { org }))
    expect(writer.of('For a list')).toMatchObject(withheld)
    expect(writer.of('Private, for a list')).toMatchObject(withheld)
    expect(writer.page.data.sending).toBe(false)
    const html = render(writer.page.data)
    expect(html).toContain('Handed to the mail queue')
    expect(html).toContain('The counts of an e-mail to an audience list are shown to staff who manage subscribers')
    // With `subscribers`: the public update's; the private one's also needs accounts.
    const subscribersToo = await sendsBy(await createStaffMember(database(), 'lists@northwind.test', ['updates', 'subscribers'], { org }))
    expect(subscribersToo.of('For a list')).toMatchObject(counted)
    expect(subscribersToo.of('Private, for a list')).toMatchObject(withheld)
    const admin = await sendsBy(org.admin.cookie)
    expect(admin.of('For a list')).toMatchObject(counted)
    expect(admin.of('Private, for a list')).toMatchObject(counted)
  })

  it('lists a trust update’s e-mails at /settings/outbox only to staff who could look their recipients up', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org, 'Notices')
    const publicUpdate = await createUpdate(topic.id, { message: 'For everyone', channelEmail: true })
    const privateUpdate = await db()
      .insertInto('updates')
      .values({ topic_id: topic.id, title: 'For accounts', message: 'For accounts', audience: 'private', channel_email: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [update, recipient] of [
      [publicUpdate, 'public-reader@x.test'],
      [privateUpdate, 'private-reader@x.test'],
    ] as const) {
      const send = await db()
        .insertInto('update_sends')
        .values({ org_id: org.id, update_id: update.id, audience: 'list', audience_emails: json([recipient]), created_by: org.admin.email, status: 'queued', recipients: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db().insertInto('outbox').values({ org_id: org.id, recipient, subject: 'News', text_body: 'News', status: 'held', update_send_id: send.id }).execute()
    }
    await db().insertInto('outbox').values({ org_id: org.id, recipient: 'invitee@x.test', subject: 'Invitation', text_body: 'Join', status: 'held' }).execute()
    const recipients = async (permissions: string[], email: string) => {
      const page = await callRoute(outboxLoader, database(), { path: '/settings/outbox', cookie: await createStaffMember(database(), email, permissions, { org }) })
      expect(page.status).toBe(200)
      return (page.data.messages as { recipient: string }[]).map((message) => message.recipient).sort()
    }
    expect(await recipients(['settings'], 'settings@northwind.test')).toEqual(['invitee@x.test'])
    expect(await recipients(['settings', 'subscribers'], 'lists@northwind.test')).toEqual(['invitee@x.test', 'public-reader@x.test'])
    expect(await recipients(['settings', 'subscribers', 'accounts'], 'all@northwind.test')).toEqual(['invitee@x.test', 'private-reader@x.test', 'public-reader@x.test'])
  })

  it('renders the editors and confirmations the URL asks for, and ignores ids that are not the org’s', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const topic = await createTopic(org, 'Mine')
    const update = await createUpdate(topic.id, { message: 'My words' })
    const foreignTopic = await createTopic(other, 'Theirs')

    const empty = await load(other.admin.cookie)
    expect(empty.data.open.newTopic).toBe(false)
    const fresh = await createOrg(database())
    expect((await load(fresh.admin.cookie)).data.open.newTopic).toBe(true)

    const editing = await load(org.admin.cookie, `/updates?editTopic=${topic.id}&editUpdate=${update.id}&newTopic=1`)
    const html = render(editing.data, `/updates?editTopic=${topic.id}&editUpdate=${update.id}&newTopic=1`)
    expect(html).toContain('Save topic')
    expect(html).toContain('Save update')
    expect(html).toContain('Create topic')
    expect(html).toContain('My words</textarea>')

    const foreign = await load(org.admin.cookie, `/updates?compose=${foreignTopic.id}&deleteTopic=${foreignTopic.id}&editTopic=nonsense`)
    expect(foreign.data.open).toMatchObject({ compose: null, deleteTopic: null, editTopic: null })
    expect(foreign.data.topics.map((entry: { subject: string }) => entry.subject)).toEqual(['Mine'])

    const confirm = await load(org.admin.cookie, `/updates?deleteTopic=${topic.id}`)
    const dialog = render(confirm.data, `/updates?deleteTopic=${topic.id}`)
    expect(dialog).toContain('Mine and its 1 update will be deleted. This cannot be undone.')
  })

  // -------------------------------------------------------------------------------------------------
  // Permissions and tenancy

  it('denies the page and its actions to staff without the updates permission', async () => {
    const org = await createOrg(database())
    const topic = await createTopic(org)
    const cookie = await createStaffMember(database(), `docs-only@${org.slug}.test`, ['documents'], { org })
    expect((await load(cookie)).status).toBe(403)
    const refused = await post(org, { intent: 'update-create', topicId: topic.id, title: 'News', message: 'Hi', channelPortal: 'on' }, cookie)
    expect(refused.status).toBe(403)
    expect((await post(org, { intent: 'topic-delete', topicId: topic.id }, cookie)).status).toBe(403)
    expect(await updatesOf(topic.id)).toEqual([])
    expect(await topicsOf(org.id)).toHaveLength(1)
    // Signed out: sent to sign in, nothing done.
    const anonymous = await post(org, { intent: 'topic-create', subject: 'X', category: 'general' }, '')
    expect([302, 401, 403]).toContain(anonymous.status)
    expect(await topicsOf(org.id)).toHaveLength(1)
  })

  it('answers another org’s topics and updates with 404 and leaves them as they were', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const theirs = await createTopic(other, 'Theirs', 'incidents')
    const theirUpdate = await createUpdate(theirs.id, { message: 'Their words', channelEmail: true })
    const before = { topics: await topicsOf(other.id), updates: await updatesOf(theirs.id), revisions: [await revision(org.id), await revision(other.id)] }

    const attempts: Record<string, string>[] = [
      { intent: 'topic-edit', topicId: theirs.id, subject: 'Hijacked', category: 'general' },
      { intent: 'topic-delete', topicId: theirs.id },
      { intent: 'update-create', topicId: theirs.id, title: 'Planted', message: 'Planted', channelPortal: 'on', channelEmail: 'on', emailAudience: 'subscribers' },
      { intent: 'update-edit', updateId: theirUpdate.id, title: 'Hijacked', message: 'Hijacked', channelPortal: 'on' },
      { intent: 'update-pin', updateId: theirUpdate.id, pinned: 'true' },
      { intent: 'update-delete', updateId: theirUpdate.id },
    ]
    for (const form of attempts) {
      const answer = await post(org, form)
      expect(answer.status, form.intent).toBe(404)
      expect(errorsOf(answer.data.result), form.intent).toEqual([
        form.intent.startsWith('topic') || form.intent === 'update-create' ? 'This topic no longer exists.' : 'This update no longer exists.',
      ])
    }

    expect(await topicsOf(other.id)).toEqual(before.topics)
    expect(await updatesOf(theirs.id)).toEqual(before.updates)
    expect(await sendsOfOrg(other.id)).toEqual([])
    expect(await sendsOfOrg(org.id)).toEqual([])
    expect([await revision(org.id), await revision(other.id)]).toEqual(before.revisions)
    expect(await auditActions(org.id)).toEqual([])
    expect(await auditActions(other.id)).toEqual([])
  })

  it('answers malformed forms with 400, never 500', async () => {
    const org = await createOrg(database())
    const forms: Record<string, string | string[]>[] = [
      { intent: 'topic-delete', topicId: 'not-a-uuid' },
      { intent: 'update-delete' },
      { intent: 'update-pin', updateId: '00000000-0000-4000-8000-000000000000' },
      { intent: 'update-edit', updateId: '1', message: 'x' },
      { intent: 'topic-create', subject: ['a', 'b'], category: 'general' },
      { intent: 'update-create', topicId: '00000000-0000-4000-8000-000000000000', message: 'x', channelEmail: 'yes please', emailAudience: 'everyone' },
    ]
    for (const form of forms) {
      expect((await post(org, form)).status, JSON.stringify(form)).toBe(400)
    }
    const unknown = await post(org, { intent: 'launch-rockets' })
    expect(unknown.status).toBe(400)
    expect(unknown.thrown).toBe(true)
    // An id of the right shape that matches nothing is not found.
    expect((await post(org, { intent: 'update-pin', updateId: '00000000-0000-4000-8000-000000000000', pinned: 'true' })).status).toBe(404)
  })
})

const errorsOf = (result: { error?: Record<string, string[] | null> }) => Object.values(result.error ?? {}).flatMap((messages) => messages ?? [])
