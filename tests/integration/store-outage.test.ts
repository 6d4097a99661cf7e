// Files the database names but the file store cannot give (issue 21 leftovers): a blob gone from the store
// is a 404 for a HEAD as for a GET, and a store that cannot be reached is a 503 with a message, never a
// 500, for a portal file, a staff download of a questionnaire and a bulk download's plan.
import { randomBytes } from 'node:crypto'
import { expect, it, vi } from 'vitest'
import { action as bulkAction } from '../../app/routes/resources/portal-bulk-download'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import { loader as letterLoader } from '../../app/routes/resources/portal-letter'
import { loader as questionnaireFileLoader } from '../../app/routes/staff/questionnaires/file'
import { BULK_MESSAGES } from '../../server/files/bulk'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile, createStaffMember, visitorCookie } from '../setup/factories'
import { callRoute } from '../setup/route'

const YEAR = 365 * 86_400_000
// A bucket where nothing listens (port 9: discard, not served here).
const OUTAGE = { S3_BUCKET: 'outage', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'x' }

describeEachDatabase('files the store cannot give', (database) => {
  const db = () => database().handle.db

  /** An org with a public document, one whose blob is gone from the store, a member and a questionnaire file of theirs. */
  async function setup() {
    const org = await createOrg(database())
    const policies = await createItem(database(), org.product, { kind: 'Documents', title: 'Policies' })
    const policy = await createFile(database(), org, { item: policies, name: 'Security policy.pdf' })
    const lost = await createFile(database(), org, { item: policies, name: 'Lost.pdf' })
    // The row stays; its bytes are not in the store (a key nothing was ever stored under).
    await db()
      .updateTable('files')
      .set({ sha256: randomBytes(32).toString('hex') })
      .where('id', '=', lost.id)
      .execute()
    const profile = await createPermissionProfile(database(), org.product, { name: 'Readers', allRestricted: true })
    const account = await createAccountWithMember(database(), org, {
      name: 'Contoso',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email: `casey-${org.slug}@contoso.test` },
    })
    await db().updateTable('portal_customizations').set({ bulk_download_enabled: true }).where('org_id', '=', org.id).execute()
    const questionnaire = await db()
      .insertInto('questionnaires')
      .values({
        org_id: org.id,
        account_id: account.id,
        member_id: account.memberId,
        member_email: `casey-${org.slug}@contoso.test`,
        member_name: 'Casey Jones',
        kind: 'file',
        file_sha256: policy.sha256,
        file_name: 'Assessment.pdf',
        file_content_type: 'application/pdf',
        file_size_bytes: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const memberCookie = await visitorCookie(database(), org, account.memberId)
    const answerer = await createStaffMember(database(), `answers-${org.slug}@${org.slug}.test`, ['questionnaires'], { org })
    const fetchFile = (id: string, options: { method?: string; env?: typeof OUTAGE } = {}) =>
      callRoute(fileLoader, database(), { path: `/portal/${org.slug}/files/${id}`, params: { orgSlug: org.slug, fileId: id }, method: options.method, env: options.env })
    const fetchQuestionnaire = (options: { method?: string; env?: typeof OUTAGE } = {}) =>
      callRoute(questionnaireFileLoader as never, database(), {
        path: `/questionnaires/${questionnaire.id}/file`,
        params: { questionnaireId: questionnaire.id },
        cookie: answerer,
        method: options.method,
        env: options.env,
      })
    const bulk = (fileIds: string[], env?: typeof OUTAGE) =>
      callRoute(bulkAction, database(), {
        path: `/portal/${org.slug}/bulk-download`,
        params: { orgSlug: org.slug },
        cookie: memberCookie,
        form: { fileId: fileIds },
        env,
      })
    return { org, policy, lost, questionnaire, fetchFile, fetchQuestionnaire, bulk }
  }

  /** Hides the operator's log line the outage writes. */
  async function quietly<T>(run: () => Promise<T>) {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      return await run()
    } finally {
      errors.mockRestore()
    }
  }

  it('answers a HEAD of a document whose bytes are gone as its GET does: 404', async () => {
    const { policy, lost, fetchFile } = await setup()
    expect((await fetchFile(lost.id)).status).toBe(404)
    expect((await fetchFile(lost.id, { method: 'HEAD' })).status).toBe(404)
    // A document that is there still answers a HEAD.
    expect((await fetchFile(policy.id, { method: 'HEAD' })).status).toBe(200)
  })

  it('answers a HEAD of a questionnaire file whose bytes are gone as its GET does: 404', async () => {
    const { questionnaire, fetchQuestionnaire } = await setup()
    expect((await fetchQuestionnaire({ method: 'HEAD' })).status).toBe(200)
    await db()
      .updateTable('questionnaires')
      .set({ file_sha256: randomBytes(32).toString('hex') })
      .where('id', '=', questionnaire.id)
      .execute()
    expect((await fetchQuestionnaire()).status).toBe(404)
    expect((await fetchQuestionnaire({ method: 'HEAD' })).status).toBe(404)
  })

  it('answers 503 with a message, for a GET and a HEAD, while the file store cannot be reached', async () => {
    const { policy, fetchFile, fetchQuestionnaire } = await setup()
    await quietly(async () => {
      for (const method of ['GET', 'HEAD']) {
        expect(await fetchFile(policy.id, { method, env: OUTAGE })).toMatchObject({
          status: 503,
          ...(method === 'GET' ? { data: 'This document is temporarily unavailable.' } : {}),
        })
        expect(await fetchQuestionnaire({ method, env: OUTAGE })).toMatchObject({
          status: 503,
          ...(method === 'GET' ? { data: 'This questionnaire file is temporarily unavailable. Please try again in a few minutes.' } : {}),
        })
      }
    })
  })

  it('refuses a bulk download with 503 and a message while the file store cannot be reached, recording nothing', async () => {
    const { org, policy, lost, bulk } = await setup()
    const result = await quietly(() => bulk([policy.id], OUTAGE))
    expect(result).toMatchObject({ status: 503, data: BULK_MESSAGES.unavailable })
    const audit = await db().selectFrom('audit_entries').select('action').where('org_id', '=', org.id).where('action', 'like', 'file.%').execute()
    expect(audit).toEqual([])
    // With the store back, the gone one is left out and the rest is served.
    const served = await bulk([policy.id, lost.id])
    expect(served.status).toBe(200)
    expect(served.headers.get('x-bulk-failed')).toBe(lost.id)
  })

  it('answers a HEAD of a bridge letter only where its GET answers', async () => {
    const { org, fetchFile } = await setup()
    const letter = (method: string) =>
      callRoute(letterLoader, database(), { path: `/portal/${org.slug}/letters/${org.product.id}`, params: { orgSlug: org.slug, itemId: org.product.id }, method })
    expect((await letter('GET')).status).toBe(404)
    expect((await letter('HEAD')).status).toBe(404)
    expect((await fetchFile('not-an-id', { method: 'HEAD' })).status).toBe(404)
  })
})
