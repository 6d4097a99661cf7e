import type { LoadContext } from '../context'
import { forbidden, notSignedIn, TooManyRequests } from '../errors'
import { redirect, reply } from '../reply'
import type { Database } from '../../db/index'
import { fileTooLargeMessage } from '../../app/lib/schemas/documents'
import { QUESTIONNAIRE_MESSAGES, QUESTIONNAIRE_STEPS, questionnaireFileSchema, questionnaireLinkSchema, type QuestionnaireDialogView } from '../../app/lib/questionnaires'
import { withQuery } from '../../app/lib/format'
import { accountMember, getViewer } from '../access/viewer'
import { hitRateLimit } from '../auth/rate-limit'
import { kickEmailWorker } from '../email/worker'
import type { Env } from '../env'
import { spoolDirectory } from '../files/store'
import { maxUploadBytes, sniffingBytes, UploadRejected } from '../files/upload'
import { parseForm, readForm, readUploadForm } from '../http/forms'
import { resolvePortalOrg } from '../portal/resolve'
import { currentProductId } from '../visitors/portal-actions'
import type { VisitorMember } from '../visitors/sessions'
import { accountQuestionnaires, questionnairesEnabled, submitQuestionnaire, type QuestionnaireInput } from './submit'
import { questionnaireFile } from './upload'

// The visitor side of questionnaires (spec section 2.6): the dialogs the URL opens, and the two forms
// they post to the portal page (`?questionnaire=file`, `?questionnaire=link`). Only signed-in account
// members of an org that takes questionnaires get either.

/** What the submit dialogs show after a refused POST: the form again with its messages. */
export type QuestionnaireActionData = { intent: 'questionnaire-file' | 'questionnaire-link'; result: ReturnType<ReturnType<typeof parseForm>['reply']> }

/** A member sends at most this many questionnaires an hour. */
const PER_MEMBER = { limit: 20, window: 60 * 60 }

const UPLOAD_PROBLEMS = {
  'too-large': (maxUploadMb: number) => fileTooLargeMessage(maxUploadMb),
  'too-many-files': () => 'Upload one file at a time',
  unreadable: () => 'The upload could not be read. Please try again.',
}

/** The submit dialog a POST is for, from its URL: the body is read only once the sender may send it. */
export function questionnairePost(request: Request): 'file' | 'link' | null {
  if (request.method !== 'POST') return null
  const step = new URL(request.url).searchParams.get('questionnaire')
  return step === 'file' || step === 'link' ? step : null
}

/**
 * Refuses whoever may not send a questionnaire (401 signed out, 403 staff or the setting off, 429 over the
 * member's limit) before reading the body; answers bad input with the dialog's messages (nothing kept);
 * keeps a good one and shows the success dialog (post/redirect/get).
 */
export async function handleQuestionnairePost(request: Request, context: LoadContext, params: { orgSlug?: string; productSlug?: string }, step: 'file' | 'link') {
  const { db, env } = context
  const org = await resolvePortalOrg(db, env, request, params.orgSlug)
  const viewer = await getViewer(request, db, org)
  const member = accountMember(viewer)
  if (!member) throw (viewer.mode === 'Public' ? notSignedIn : forbidden)(QUESTIONNAIRE_MESSAGES.membersOnly)
  if (!(await questionnairesEnabled(db, org.id))) throw forbidden(QUESTIONNAIRE_MESSAGES.notOffered)
  const perMember = await hitRateLimit(db, `questionnaire:member:${member.id}`, PER_MEMBER.limit, PER_MEMBER.window)
  if (!perMember.allowed) {
    throw new TooManyRequests(`Too many questionnaires. Please try again in ${Math.ceil(perMember.retryAfterSeconds / 60)} minutes.`, perMember.retryAfterSeconds)
  }

  const read = step === 'file' ? await readFileQuestionnaire(request, env) : await readLinkQuestionnaire(request)
  try {
    if ('refused' in read) return reply({ intent: `questionnaire-${step}`, result: read.refused } satisfies QuestionnaireActionData, { status: read.status })
    const productId = await currentProductId(context, org, params.productSlug)
    await submitQuestionnaire(db, env, org, member, productId, read.input, { ip: context.clientAddress, userAgent: request.headers.get('user-agent') })
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error
    return reply({ intent: `questionnaire-${step}`, result: { status: 'error', initialValue: {}, error: { file: [error.message] } } } satisfies QuestionnaireActionData, {
      status: error.status,
    })
  } finally {
    await read.dispose?.()
  }
  kickEmailWorker()
  return redirect(withQuery(new URL(request.url).pathname, '', { questionnaire: 'submitted' }))
}

type Read = ({ input: QuestionnaireInput } | { refused: QuestionnaireActionData['result']; status: number }) & { dispose?: () => Promise<void> }

async function readFileQuestionnaire(request: Request, env: Env): Promise<Read> {
  const upload = await readUploadForm(request, { fileField: 'file', maxFileSize: maxUploadBytes(env), spoolDir: spoolDirectory(env.DATA_DIR) })
  if (!upload.ok) return { refused: { status: 'error', initialValue: {}, error: { file: [UPLOAD_PROBLEMS[upload.problem](env.MAX_UPLOAD_MB)] } }, status: upload.status }
  const { dispose } = upload
  const submission = parseForm(upload.formData, questionnaireFileSchema(env.MAX_UPLOAD_MB))
  if (submission.status !== 'success') return { refused: submission.reply(), status: submission.error?.file?.includes(fileTooLargeMessage(env.MAX_UPLOAD_MB)) ? 413 : 400, dispose }
  const { file, note } = submission.value
  const spooled = upload.spooled!
  try {
    const checked = await questionnaireFile(await sniffingBytes(spooled, file.name), file.name)
    return { input: { kind: 'file', name: checked.name, contentType: checked.contentType, spooled, note: note ?? null }, dispose }
  } catch (error) {
    if (error instanceof UploadRejected) return { refused: submission.reply({ fieldErrors: { file: [error.message] } }), status: error.status, dispose }
    await dispose()
    throw error
  }
}

async function readLinkQuestionnaire(request: Request): Promise<Read> {
  const submission = parseForm(await readForm(request), questionnaireLinkSchema)
  if (submission.status !== 'success') return { refused: submission.reply(), status: 400 }
  return { input: { kind: 'link', url: submission.value.url, note: submission.value.note ?? null } }
}

/**
 * What the page offers of questionnaires: the account menu's entries, and the dialog the URL asks for
 * (`questionnaire=true|file|link|submitted`, `questionnaires=list`). Nothing for anyone but a signed-in
 * member of an org that takes them.
 */
export async function loadQuestionnaireView(
  db: Database,
  env: Pick<Env, 'MAX_UPLOAD_MB'>,
  orgId: string,
  member: VisitorMember | null,
  search: URLSearchParams,
): Promise<{ questionnairesOffered: boolean; questionnaire: QuestionnaireDialogView | null }> {
  if (!member || !(await questionnairesEnabled(db, orgId))) return { questionnairesOffered: false, questionnaire: null }
  const asked = search.get('questionnaire')
  const step = asked && Object.hasOwn(QUESTIONNAIRE_STEPS, asked) ? QUESTIONNAIRE_STEPS[asked as keyof typeof QUESTIONNAIRE_STEPS] : null
  if (step) return { questionnairesOffered: true, questionnaire: { step, maxUploadMb: env.MAX_UPLOAD_MB } }
  if (search.get('questionnaires') === 'list') {
    return { questionnairesOffered: true, questionnaire: { step: 'list', entries: await accountQuestionnaires(db, orgId, member.accountId) } }
  }
  return { questionnairesOffered: true, questionnaire: null }
}
