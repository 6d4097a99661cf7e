import type { Database } from '../../db/index'
import type { QuestionnaireStatus } from '../../app/lib/questionnaires'
import type { StaffMember } from '../auth/staff-session'
import { recordAudit } from '../audit/record'
import { enqueueEmail } from '../email/outbox'
import type { Env } from '../env'
import { isUuid } from '../http/query'
import { mailOrg } from '../visitors/mail-org'
import { questionnaireAnsweredMail, questionnairesListUrl } from './mails'

// The staff side of questionnaires (/questionnaires, scope `questionnaires`): the org's list, a
// submitted file, and the answer that is mailed to the member who sent it.

const QUESTIONNAIRES_PAGE_SIZE = 25
export const MAX_QUESTIONNAIRES_PAGE = 10_000

export interface StaffQuestionnaireRow {
  id: string
  accountName: string
  memberEmail: string
  memberName: string
  productName: string | null
  submittedAt: string
  status: QuestionnaireStatus
  kind: 'file' | 'link'
  fileName: string | null
  fileSizeBytes: number | null
  linkUrl: string | null
  note: string | null
  answer: string | null
  answeredAt: string | null
  answeredByName: string | null
}

const iso = (value: string | Date | null) => (value ? new Date(value).toISOString() : null)

function questionnaireRows(db: Database, orgId: string) {
  return db
    .selectFrom('questionnaires')
    .innerJoin('accounts', 'accounts.id', 'questionnaires.account_id')
    .leftJoin('products', 'products.id', 'questionnaires.product_id')
    .select([
      'questionnaires.id',
      'accounts.name as account_name',
      'questionnaires.member_email',
      'questionnaires.member_name',
      'products.name as product_name',
      'questionnaires.created_at',
      'questionnaires.status',
      'questionnaires.kind',
      'questionnaires.file_name',
      'questionnaires.file_size_bytes',
      'questionnaires.link_url',
      'questionnaires.note',
      'questionnaires.answer',
      'questionnaires.answered_at',
      'questionnaires.answered_by_name',
    ])
    .where('questionnaires.org_id', '=', orgId)
}

type Row = Awaited<ReturnType<ReturnType<typeof questionnaireRows>['execute']>>[number]

const toView = (row: Row): StaffQuestionnaireRow => ({
  id: row.id,
  accountName: row.account_name,
  memberEmail: row.member_email,
  memberName: row.member_name,
  productName: row.product_name,
  submittedAt: iso(row.created_at)!,
  status: row.status as QuestionnaireStatus,
  kind: row.kind as 'file' | 'link',
  fileName: row.file_name,
  fileSizeBytes: row.file_size_bytes,
  linkUrl: row.link_url,
  note: row.note,
  answer: row.answer,
  answeredAt: iso(row.answered_at),
  answeredByName: row.answered_by_name,
})

/** One page of the org's questionnaires, those still to answer first, then newest first. */
export async function listQuestionnaires(db: Database, orgId: string, page: number) {
  const [{ count }, rows] = await Promise.all([
    db
      .selectFrom('questionnaires')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow(),
    questionnaireRows(db, orgId)
      .orderBy('questionnaires.status', 'desc')
      .orderBy('questionnaires.created_at', 'desc')
      .orderBy('questionnaires.id')
      .limit(QUESTIONNAIRES_PAGE_SIZE)
      .offset((page - 1) * QUESTIONNAIRES_PAGE_SIZE)
      .execute(),
  ])
  const total = Number(count)
  return { rows: rows.map(toView), total, page, pageCount: Math.max(1, Math.ceil(total / QUESTIONNAIRES_PAGE_SIZE)) }
}

/** One questionnaire of the org, or null (another org's, or no such id). */
export async function findQuestionnaire(db: Database, orgId: string, id: unknown) {
  if (!isUuid(id)) return null
  const row = await questionnaireRows(db, orgId).where('questionnaires.id', '=', id).executeTakeFirst()
  return row ? toView(row) : null
}

/** The stored file of one of the org's file questionnaires, or null. */
export async function questionnaireFileOf(db: Database, orgId: string, id: unknown) {
  if (!isUuid(id)) return null
  const row = await db
    .selectFrom('questionnaires')
    .select(['file_sha256', 'file_name', 'file_content_type', 'file_size_bytes'])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('kind', '=', 'file')
    .executeTakeFirst()
  if (!row?.file_sha256 || !row.file_name || !row.file_content_type) return null
  return { sha256: row.file_sha256, name: row.file_name, contentType: row.file_content_type, sizeBytes: row.file_size_bytes }
}

/**
 * Stores staff's answer (again, when they correct it) and marks the questionnaire answered; the audit
 * entry and the member's mail go in the same transaction. No mail when the member has been removed.
 */
export async function answerQuestionnaire(
  db: Database,
  env: Env,
  staff: Pick<StaffMember, 'orgId' | 'email' | 'name'>,
  input: { questionnaireId: string; answer: string },
  meta: { ip: string | null; userAgent: string | null },
) {
  const before = await findQuestionnaire(db, staff.orgId, input.questionnaireId)
  if (!before) return null
  const org = await mailOrg(db, env, staff.orgId)
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('questionnaires')
      .set({ status: 'answered', answer: input.answer, answered_by_name: staff.name, answered_at: new Date() })
      .where('id', '=', before.id)
      .where('org_id', '=', staff.orgId)
      .returning(['member_id', 'member_email', 'member_name'])
      .executeTakeFirst()
    if (!updated) return null
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'questionnaire.answer',
      target: before.id,
      before: { status: before.status, answer: before.answer },
      after: { status: 'answered', answer: input.answer },
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    const name = (before.kind === 'file' ? before.fileName : before.linkUrl) ?? ''
    if (updated.member_id) {
      const mail = questionnaireAnsweredMail(org, { memberName: updated.member_name, name, answer: input.answer }, questionnairesListUrl(org.portalUrl))
      await enqueueEmail(trx, { orgId: staff.orgId, to: updated.member_email, ...mail })
    }
    return { ...before, memberEmail: updated.member_email, mailed: Boolean(updated.member_id) }
  })
}
