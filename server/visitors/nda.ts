import type { Database } from '../../db/index'
import type { AccountContext } from '../access/viewer'
import { recordAudit } from '../audit/record'
import type { RequestMeta } from './access-request'
import type { VisitorMember } from './sessions'

/**
 * A clickwrap signature: the typed name, the member's e-mail, the time, address, user agent and the
 * version (SHA-256) and text of the NDA signed. Signing again is harmless: the first signature stands.
 */
export async function signNda(db: Database, account: AccountContext, member: VisitorMember, signerName: string, meta: RequestMeta) {
  if (account.nda.type !== 'clickwrap' || !account.nda.version || !account.nda.text) return false
  if (account.nda.signature) return true
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('nda_signatures')
      .values({
        org_id: member.orgId,
        account_id: account.accountId,
        member_id: member.id,
        signer_name: signerName,
        signer_email: member.email,
        nda_version: account.nda.version!,
        nda_text: account.nda.text!,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      orgId: member.orgId,
      actor: member.email,
      action: 'nda.sign',
      target: row.id,
      after: { signerName, version: account.nda.version },
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
  })
  return true
}

/** The signature covering this viewer, with the text they signed, for the PDF. */
export async function signatureRecord(db: Database, signatureId: string, orgId: string) {
  return db
    .selectFrom('nda_signatures')
    .innerJoin('accounts', 'accounts.id', 'nda_signatures.account_id')
    .select([
      'nda_signatures.signer_name',
      'nda_signatures.signer_email',
      'nda_signatures.nda_version',
      'nda_signatures.nda_text',
      'nda_signatures.signed_at',
      'nda_signatures.ip',
      'nda_signatures.user_agent',
      'accounts.name as account_name',
    ])
    .where('nda_signatures.id', '=', signatureId)
    .where('nda_signatures.org_id', '=', orgId)
    .executeTakeFirst()
}

/**
 * "Not now" on the NDA dialog holds for the rest of the visit (issue 24): a session cookie, gone when the browser
 * closes. It only spares the member the dialog: what waits for the NDA stays withheld until it is signed.
 */
export const NDA_LATER_COOKIE = 'tc_nda_later'

const NDA_LATER = new RegExp(`(?:^|;)\\s*${NDA_LATER_COOKIE}=1(?:;|$)`)

export const ndaDeferred = (request: Request) => NDA_LATER.test(request.headers.get('cookie') ?? '')

export const deferNdaCookie = (appUrl: string) => `${NDA_LATER_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax${appUrl.startsWith('https:') ? '; Secure' : ''}`
