import { hashToken, newToken } from '../auth/tokens'
import type { Database } from '../../db/index'
import { jsonb } from '../../db/json'
import { PERMISSION_LABELS, STAFF_PERMISSIONS, type StaffPermission } from '../../app/lib/permissions'
import { recordAudit } from '../audit/record'
import { enqueueEmail } from '../email/outbox'
import { brandedMail } from '../email/layout'
import type { Env } from '../env'
import { mailOrg } from '../visitors/mail-org'
import { oneLine } from '../email/text'
import { hashPassword } from '../auth/password'
import type { StaffMember } from '../auth/staff-session'

const INVITE_DAYS = 7

export async function listMembers(db: Database, orgId: string) {
  const [members, invites] = await Promise.all([
    db.selectFrom('staff_members').select(['id', 'email', 'name', 'permissions', 'created_at']).where('org_id', '=', orgId).orderBy('name').execute(),
    db
      .selectFrom('staff_invites')
      .select(['id', 'email', 'name', 'permissions', 'expires_at', 'invited_by', 'created_at'])
      .where('org_id', '=', orgId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .execute(),
  ])
  return {
    members: members.map((member) => ({ ...member, permissions: member.permissions as string[], created_at: member.created_at.toISOString() })),
    invites: invites.map((invite) => ({
      ...invite,
      permissions: invite.permissions as string[],
      expires_at: invite.expires_at.toISOString(),
      created_at: invite.created_at.toISOString(),
    })),
  }
}

// A member hands on only what they hold: no invitation, permission change or removal moves a permission
// the actor lacks (docs/decisions/010).
const lacking = (actor: StaffMember, permissions: readonly string[]) => permissions.filter((permission) => !actor.permissions.includes(permission))
const labels = (permissions: readonly string[]) => permissions.map((permission) => PERMISSION_LABELS[permission as StaffPermission] ?? permission).join(', ')
const grantRefusal = (permissions: readonly string[]) => `You can only grant permissions you hold yourself, not: ${labels(permissions)}`

export type InviteResult = { ok: true } | { ok: false; field: 'email' | 'permissions'; message: string }

/** An invitation e-mailed with a single-use link; the mail is queued in the same transaction. */
export async function inviteMember(db: Database, actor: StaffMember, env: Env, input: { email: string; name?: string; permissions: StaffPermission[] }): Promise<InviteResult> {
  const beyond = lacking(actor, input.permissions)
  if (beyond.length) return { ok: false, field: 'permissions', message: grantRefusal(beyond) }
  const existing = await db.selectFrom('staff_members').select('id').where('org_id', '=', actor.orgId).where('email', '=', input.email).executeTakeFirst()
  if (existing) return { ok: false, field: 'email', message: 'This person is already a member' }
  const token = newToken()
  // The mail is the org's (its portal on its primary domain, its title and colour, as every mail of the org);
  // the link is the staff area's, on the deployment host, where the new member's session cookie is (decision 041).
  const org = await mailOrg(db, env, actor.orgId)
  const link = `${env.APP_URL}/invite/${token}`
  // Names stored before they were checked may hold line breaks: none may start a line of the mail.
  const inviter = oneLine(actor.name)
  const orgName = oneLine(org.name)
  const greeting = input.name ? ` ${oneLine(input.name)}` : ''
  await db.transaction().execute(async (trx) => {
    // A new invitation replaces an open one for the same address.
    await trx.deleteFrom('staff_invites').where('org_id', '=', actor.orgId).where('email', '=', input.email).where('accepted_at', 'is', null).execute()
    const invite = await trx
      .insertInto('staff_invites')
      .values({
        org_id: actor.orgId,
        email: input.email,
        name: input.name || null,
        permissions: jsonb(input.permissions),
        token_hash: hashToken(token),
        invited_by: actor.name,
        expires_at: new Date(Date.now() + INVITE_DAYS * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await enqueueEmail(trx, {
      orgId: actor.orgId,
      to: input.email,
      ...brandedMail(org, {
        subject: `${inviter} invited you to ${orgName}'s Trust Center workspace`,
        heading: `Join ${orgName}'s Trust Center workspace`,
        paragraphs: [`Hello${greeting},`, `${inviter} invited you to help manage ${orgName}'s Trust Center.`, 'Accept the invitation and choose your password here:'],
        button: { label: 'Accept the invitation', href: link },
        note: `The link works once, for ${INVITE_DAYS} days. If you did not expect this, you can ignore this e-mail.`,
      }),
      // The link reaches the invitee only: /settings/outbox must not hand a stranger these permissions.
      secrets: [token],
    })
    await recordAudit(trx, { orgId: actor.orgId, actor: actor.email, action: 'member.invite', target: invite.id, after: { email: input.email, permissions: input.permissions } })
  })
  return { ok: true }
}

export type MemberChangeResult = { ok: true } | { ok: false; status: 400 | 404; message: string }

const NO_SUCH_MEMBER = { ok: false, status: 404, message: 'This member no longer exists.' } as const

/**
 * Sets the permissions the actor holds as `permissions` says; those the actor lacks stay as the member
 * has them (the form shows them disabled, so it never sends them), and asking to grant one is refused.
 */
export async function updateMemberPermissions(db: Database, actor: StaffMember, memberId: string, permissions: StaffPermission[]): Promise<MemberChangeResult> {
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('staff_members').select(['id', 'email', 'permissions']).where('id', '=', memberId).where('org_id', '=', actor.orgId).executeTakeFirst()
    if (!member) return NO_SUCH_MEMBER
    const current = member.permissions as string[]
    const granted = lacking(actor, permissions).filter((permission) => !current.includes(permission))
    if (granted.length) return { ok: false, status: 400, message: grantRefusal(granted) }
    // Nobody can lock the workspace out of member management by removing their own access to it.
    const wanted = (permission: StaffPermission) => permissions.includes(permission) || (permission === 'members' && member.id === actor.id)
    const kept = STAFF_PERMISSIONS.filter((permission) => (actor.permissions.includes(permission) ? wanted(permission) : current.includes(permission)))
    await trx
      .updateTable('staff_members')
      .set({ permissions: jsonb(kept) })
      .where('id', '=', member.id)
      .execute()
    await recordAudit(trx, { orgId: actor.orgId, actor: actor.email, action: 'member.permissions', target: member.email, before: member.permissions, after: kept })
    return { ok: true }
  })
}

/** Removes a member, unless it is the actor or holds a permission the actor lacks. */
export async function removeMember(db: Database, actor: StaffMember, memberId: string): Promise<MemberChangeResult> {
  if (memberId === actor.id) return { ok: false, status: 400, message: 'You cannot remove yourself.' }
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('staff_members')
      .select(['id', 'email', 'name', 'permissions'])
      .where('id', '=', memberId)
      .where('org_id', '=', actor.orgId)
      .executeTakeFirst()
    if (!member) return NO_SUCH_MEMBER
    const beyond = lacking(actor, member.permissions as string[])
    if (beyond.length) return { ok: false, status: 400, message: `You cannot remove ${member.name}: they hold permissions you do not (${labels(beyond)}).` }
    await trx.deleteFrom('staff_members').where('id', '=', member.id).execute()
    await recordAudit(trx, { orgId: actor.orgId, actor: actor.email, action: 'member.remove', target: member.email, before: { name: member.name } })
    return { ok: true }
  })
}

export async function revokeInvite(db: Database, actor: StaffMember, inviteId: string) {
  const deleted = await db.deleteFrom('staff_invites').where('id', '=', inviteId).where('org_id', '=', actor.orgId).returning('email').executeTakeFirst()
  if (deleted) await recordAudit(db, { orgId: actor.orgId, actor: actor.email, action: 'member.invite.revoke', target: deleted.email })
  return Boolean(deleted)
}

/** An open invitation by its token, or null when unknown, used or expired. */
export async function findInvite(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const invite = await db
    .selectFrom('staff_invites')
    .innerJoin('orgs', 'orgs.id', 'staff_invites.org_id')
    .select([
      'staff_invites.id',
      'staff_invites.email',
      'staff_invites.name',
      'staff_invites.permissions',
      'staff_invites.org_id',
      'orgs.name as org_name',
      'orgs.slug as org_slug',
    ])
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  return invite ?? null
}

/** Consumes an invitation: the member is created and the invitation marked used in one transaction. */
export async function acceptInvite(db: Database, token: string, input: { name: string; password: string }) {
  const invite = await findInvite(db, token)
  if (!invite) return null
  const passwordHash = await hashPassword(input.password)
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('staff_invites')
      .set({ accepted_at: new Date() })
      .where('id', '=', invite.id)
      .where('accepted_at', 'is', null)
      .returning('id')
      .executeTakeFirst()
    if (!claimed) return null
    const member = await trx
      .insertInto('staff_members')
      .values({ org_id: invite.org_id, email: invite.email, name: input.name, password_hash: passwordHash, permissions: jsonb(invite.permissions) })
      .onConflict((conflict) => conflict.columns(['org_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!member) return null
    await recordAudit(trx, { orgId: invite.org_id, actor: invite.email, action: 'member.join', target: invite.email })
    return { memberId: member.id, orgSlug: invite.org_slug }
  })
}
