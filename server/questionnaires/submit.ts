import type { Database } from '../../db/index'
import type { QuestionnaireEntryView } from '../../app/lib/questionnaires'
import { recordAudit } from '../audit/record'
import { enqueueEmail } from '../email/outbox'
import type { Env } from '../env'
import type { SpooledFile } from '../files/store'
import { putUpload } from '../files/upload'
import type { PortalOrg } from '../portal/resolve'
import type { VisitorMember } from '../visitors/sessions'
import { mailOrg } from '../visitors/mail-org'
import { newQuestionnaireMail } from './mails'

export type QuestionnaireInput = { kind: 'file'; name: string; contentType: string; spooled: SpooledFile; note: string | null } | { kind: 'link'; url: string; note: string | null }

/** Whether the org takes questionnaires (Settings, Documents section). */
export async function questionnairesEnabled(db: Database, orgId: string) {
  const row = await db.selectFrom('portal_customizations').select('questionnaires_enabled').where('org_id', '=', orgId).executeTakeFirst()
  return row?.questionnaires_enabled ?? false
}

/** Staff who answer questionnaires hear of a new one. */
async function questionnaireStaff(db: Database, orgId: string) {
  const staff = await db.selectFrom('staff_members').select(['email', 'permissions']).where('org_id', '=', orgId).execute()
  return staff.filter((member) => (member.permissions as string[]).includes('questionnaires')).map((member) => member.email)
}

/**
 * Keeps a member's questionnaire: the file's bytes in the file store (content-addressed, so a retry or a
 * rolled-back row leaves at most an unreferenced blob), then the row, its audit entry and the staff's
 * mails in one transaction. The input has been checked (upload.ts, the schemas). Throws UploadRejected
 * (503) when the file store cannot take the file: nothing is written.
 */
export async function submitQuestionnaire(
  db: Database,
  env: Env,
  org: Pick<PortalOrg, 'id'>,
  member: VisitorMember,
  productId: string | null,
  input: QuestionnaireInput,
  meta: { ip: string | null; userAgent: string | null },
) {
  const file = input.kind === 'file' ? { sha256: await putUpload(env, input.spooled), size: input.spooled.size } : null
  const memberName = `${member.firstName} ${member.lastName}`.trim()
  const name = input.kind === 'file' ? input.name : input.url
  const [mailFrom, recipients] = await Promise.all([mailOrg(db, env, org.id), questionnaireStaff(db, org.id)])
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('questionnaires')
      .values({
        org_id: org.id,
        account_id: member.accountId,
        member_id: member.id,
        member_email: member.email,
        member_name: memberName,
        product_id: productId,
        kind: input.kind,
        file_sha256: file?.sha256 ?? null,
        file_name: input.kind === 'file' ? input.name : null,
        file_content_type: input.kind === 'file' ? input.contentType : null,
        file_size_bytes: file?.size ?? null,
        link_url: input.kind === 'link' ? input.url : null,
        note: input.note || null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      orgId: org.id,
      actor: member.email,
      action: 'questionnaire.submit',
      target: row.id,
      after: { kind: input.kind, name, ...(input.kind === 'file' ? { contentType: input.contentType, sizeBytes: file!.size } : {}), accountId: member.accountId },
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    const mail = newQuestionnaireMail(mailFrom, { memberName, memberEmail: member.email, accountName: member.accountName, name, note: input.note }, `${env.APP_URL}/questionnaires`)
    for (const to of recipients) await enqueueEmail(trx, { orgId: org.id, to, ...mail })
    return row.id
  })
}

/** The questionnaires of a member's account, newest first, as its members see them (no staff names). */
export async function accountQuestionnaires(db: Database, orgId: string, accountId: string, limit = 100): Promise<QuestionnaireEntryView[]> {
  const rows = await db
    .selectFrom('questionnaires')
    .select(['id', 'kind', 'file_name', 'link_url', 'member_name', 'created_at', 'status', 'answer', 'answered_at'])
    .where('org_id', '=', orgId)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as 'file' | 'link',
    name: (row.kind === 'file' ? row.file_name : row.link_url) ?? '',
    submittedBy: row.member_name,
    submittedAt: new Date(row.created_at).toISOString(),
    status: row.status as QuestionnaireEntryView['status'],
    answer: row.answer,
    answeredAt: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  }))
}
