import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Database } from '../../db/index'
import { hashPassword, verifyPassword } from './password'

export interface AuthenticatedStaff {
  id: string
  orgId: string
}

export class LoginError extends Error {}

/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined
const unknownEmailHash = () => (dummyHash ??= hashPassword('not-a-real-password'))

/** remix-auth with the form strategy: e-mail and password checked against argon2id hashes. */
export function staffAuthenticator(db: Database) {
  const authenticator = new Authenticator<AuthenticatedStaff>()
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get('email') ?? '')
        .trim()
        .toLowerCase()
      const password = String(form.get('password') ?? '')
      const candidates = await db.selectFrom('staff_members').select(['id', 'org_id', 'password_hash']).where('email', '=', email).where('password_hash', 'is not', null).execute()
      if (!candidates.length) {
        await verifyPassword(await unknownEmailHash(), password)
        throw new LoginError('Invalid email or password.')
      }
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.password_hash!, password)) return { id: candidate.id, orgId: candidate.org_id }
      }
      throw new LoginError('Invalid email or password.')
    }),
    'form',
  )
  return authenticator
}
