import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../../db/index'
import type { StaffPermission } from '../../app/lib/permissions'
import { recordAudit } from '../audit/record'
import { enqueueEmail } from '../email/outbox'
import { hashPassword } from '../auth/password'
import type { StaffMember } from '../auth/staff-session'

const INVITE_DAYS = 7
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const json = (value: unknown) => JSON.stringify(value)

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
    invites: invites.map((invite) => ({ ...invite, permissions: invite.permissions as string[], expires_at: invite.expires_at.toISOString(), created_at: invite.created_at.toISOString() })),
  }
}

export type InviteResult = { ok: true } | { ok: false; field: 'email'; message: string }

/** An invitation e-mailed with a single-use link; the mail is queued in the same transaction. */
export async function inviteMember(
  db: Database,
  actor: StaffMember,
  appUrl: string,
  input: { email: string; name?: string; permissions: StaffPermission[] },
): Promise<InviteResult> {
  const existing = await db.selectFrom('staff_members').select('id').where('org_id', '=', actor.orgId).where('email', '=', input.email).executeTakeFirst()
  if (existing) return { ok: false, field: 'email', message: 'This person is already a member' }
  const token = randomBytes(32).toString('base64url')
  const org = await db.selectFrom('orgs').select('name').where('id', '=', actor.orgId).executeTakeFirstOrThrow()
  const link = `${appUrl}/invite/${token}`
  await db.transaction().execute(async (trx) => {
    // A new invitation replaces an open one for the same address.
    await trx.deleteFrom('staff_invites').where('org_id', '=', actor.orgId).where('email', '=', input.email).where('accepted_at', 'is', null).execute()
    const invite = await trx
      .insertInto('staff_invites')
      .values({
        org_id: actor.orgId,
        email: input.email,
        name: input.name || null,
        permissions: json(input.permissions),
        token_hash: hashToken(token),
        invited_by: actor.name,
        expires_at: new Date(Date.now() + INVITE_DAYS * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await enqueueEmail(trx, {
      orgId: actor.orgId,
      to: input.email,
      subject: `${actor.name} invited you to ${org.name}'s Trust Center workspace`,
      text: [
        `Hello${input.name ? ` ${input.name}` : ''},`,
        '',
        `${actor.name} invited you to help manage ${org.name}'s Trust Center.`,
        `Accept the invitation and choose your password here (the link works once, for ${INVITE_DAYS} days):`,
        link,
        '',
        'If you did not expect this, you can ignore this e-mail.',
      ].join('\n'),
      html: `<p>Hello${input.name ? ` ${escapeHtml(input.name)}` : ''},</p><p>${escapeHtml(actor.name)} invited you to help manage ${escapeHtml(org.name)}'s Trust Center.</p><p><a href="${link}">Accept the invitation</a> (the link works once, for ${INVITE_DAYS} days).</p><p>If you did not expect this, you can ignore this e-mail.</p>`,
    })
    await recordAudit(trx, { orgId: actor.orgId, actor: actor.email, action: 'member.invite', target: invite.id, after: { email: input.email, permissions: input.permissions } })
  })
  return { ok: true }
}

export async function updateMemberPermissions(db: Database, actor: StaffMember, memberId: string, permissions: StaffPermission[]) {
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('staff_members').select(['id', 'email', 'permissions']).where('id', '=', memberId).where('org_id', '=', actor.orgId).executeTakeFirst()
    if (!member) return false
    // Nobody can lock the workspace out of member management by removing their own access to it.
    const kept = member.id === actor.id && !permissions.includes('members') ? [...permissions, 'members' as const] : permissions
    await trx.updateTable('staff_members').set({ permissions: json(kept) }).where('id', '=', member.id).execute()
    await recordAudit(trx, { orgId: actor.orgId, actor: actor.email, action: 'member.permissions', target: member.email, before: member.permissions, after: kept })
    return true
  })
}

export async function removeMember(db: Database, actor: StaffMember, memberId: string): Promise<{ ok: boolean; message?: string }> {
  if (memberId === actor.id) return { ok: false, message: 'You cannot remove yourself.' }
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('staff_members').select(['id', 'email', 'name']).where('id', '=', memberId).where('org_id', '=', actor.orgId).executeTakeFirst()
    if (!member) return { ok: false, message: 'This member no longer exists.' }
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
    .select(['staff_invites.id', 'staff_invites.email', 'staff_invites.name', 'staff_invites.permissions', 'staff_invites.org_id', 'orgs.name as org_name', 'orgs.slug as org_slug'])
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
    const claimed = await trx.updateTable('staff_invites').set({ accepted_at: new Date() }).where('id', '=', invite.id).where('accepted_at', 'is', null).returning('id').executeTakeFirst()
    if (!claimed) return null
    const member = await trx
      .insertInto('staff_members')
      .values({ org_id: invite.org_id, email: invite.email, name: input.name, password_hash: passwordHash, permissions: json(invite.permissions) })
      .onConflict((conflict) => conflict.columns(['org_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!member) return null
    await recordAudit(trx, { orgId: invite.org_id, actor: invite.email, action: 'member.join', target: invite.email })
    return { memberId: member.id, orgSlug: invite.org_slug }
  })
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
