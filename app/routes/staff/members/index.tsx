import { parseWithZod } from '@conform-to/zod/v4'
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { requireStaff } from '@server/auth/require'
import { kickEmailWorker } from '@server/email/worker'
import { inviteMember, listMembers, removeMember, revokeInvite, updateMemberPermissions } from '@server/members/members'
import { inviteMemberSchema, removeMemberSchema, revokeInviteSchema, updatePermissionsSchema } from '~/lib/schemas/members'
import { PERMISSION_LABELS, STAFF_PERMISSIONS, type StaffPermission } from '~/lib/permissions'
import { formatDate } from '~/lib/format'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { parseForm, readForm } from '@server/http/forms'
import { redirectWithToast } from '@server/http/redirect'

const INVITE_DEFAULTS: readonly StaffPermission[] = ['statuspage:edit', 'files:view', 'files:download']

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'members')
  const { members, invites } = await listMembers(context.db, staff.orgId)
  // The viewer's own permissions: the only ones the page lets them grant, remove or take away.
  return { members, invites, selfId: staff.id, held: staff.permissions }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'members')
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'invite': {
      const submission = parseForm(formData, inviteMemberSchema)
      if (submission.status !== 'success') return data({ intent: 'invite', result: submission.reply() }, { status: 400 })
      const outcome = await inviteMember(context.db, staff, context.env, submission.value)
      if (!outcome.ok) return data({ intent: 'invite', result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) }, { status: 400 })
      kickEmailWorker()
      return redirectWithToast(context.env, '/members', `Invitation sent to ${submission.value.email}`)
    }
    case 'permissions': {
      const submission = parseForm(formData, updatePermissionsSchema)
      if (submission.status !== 'success') return data({ intent: 'permissions', result: submission.reply() }, { status: 400 })
      const outcome = await updateMemberPermissions(context.db, staff, submission.value.memberId, submission.value.permissions)
      if (!outcome.ok && outcome.status === 404) throw data(outcome.message, { status: 404 })
      if (!outcome.ok) return data({ intent: 'permissions', result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status })
      return redirectWithToast(context.env, '/members', 'Permissions saved')
    }
    case 'remove': {
      const submission = parseForm(formData, removeMemberSchema)
      if (submission.status !== 'success') return data({ intent: 'remove', result: submission.reply() }, { status: 400 })
      const outcome = await removeMember(context.db, staff, submission.value.memberId)
      if (!outcome.ok) return data({ intent: 'remove', result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status })
      return redirectWithToast(context.env, '/members', 'Member removed')
    }
    case 'revoke': {
      const submission = parseForm(formData, revokeInviteSchema)
      if (submission.status !== 'success') return data({ intent: 'revoke', result: submission.reply() }, { status: 400 })
      await revokeInvite(context.db, staff, submission.value.inviteId)
      return redirectWithToast(context.env, '/members', 'Invitation revoked')
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { members, invites, selfId, held } = loaderData
  const actionData = useActionData<typeof action>()
  const memberErrors = actionData && actionData.intent !== 'invite' ? actionData.result.error?.[''] : undefined
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Members</h1>
        <p>People of your organization who can edit the trust center and use this workspace.</p>
      </header>
      <FormErrors errors={memberErrors} />
      <InviteForm lastResult={actionData?.intent === 'invite' ? actionData.result : undefined} held={held} />
      <section className="panel" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <ul className="member-list">
          {members.map((member) => {
            const untouchable = member.permissions.some((permission) => !held.includes(permission))
            return (
              <li key={member.id} className="member">
                <div className="member__who">
                  <strong>{member.name}</strong>
                  <span>{member.email}</span>
                </div>
                <Form method="post" className="member__permissions" aria-label={`Permissions of ${member.name}`}>
                  <input type="hidden" name="intent" value="permissions" />
                  <input type="hidden" name="memberId" value={member.id} />
                  <PermissionCheckboxes idPrefix={member.id} checked={member.permissions} held={held} note="you cannot change them" />
                  <button type="submit" className="button button--secondary button--small">
                    Save permissions
                  </button>
                </Form>
                {member.id === selfId ? (
                  <span className="tag">You</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="memberId" value={member.id} />
                    <button
                      type="submit"
                      className="button button--danger button--small"
                      aria-label={`Remove ${member.name}`}
                      disabled={untouchable}
                      aria-describedby={untouchable ? `${member.id}-remove-note` : undefined}
                    >
                      Remove
                    </button>
                    {untouchable ? (
                      <p className="field__hint" id={`${member.id}-remove-note`}>
                        Holds permissions you do not, so only someone who holds them can remove this member.
                      </p>
                    ) : null}
                  </Form>
                )}
              </li>
            )
          })}
        </ul>
      </section>
      {invites.length ? (
        <section className="panel" aria-labelledby="invites-title">
          <h2 id="invites-title">Pending invitations</h2>
          <ul className="member-list">
            {invites.map((invite) => (
              <li key={invite.id} className="member">
                <div className="member__who">
                  <strong>{invite.email}</strong>
                  <span>
                    Invited by {invite.invited_by}, expires {formatDate(invite.expires_at)}
                  </span>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="inviteId" value={invite.id} />
                  <button type="submit" className="button button--secondary button--small" aria-label={`Revoke the invitation of ${invite.email}`}>
                    Revoke
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** One checkbox per permission; those the viewer does not hold are disabled, and say why. */
function PermissionCheckboxes({
  idPrefix,
  checked,
  held,
  note,
  errorId,
}: {
  idPrefix: string
  checked: readonly string[]
  held: readonly string[]
  note: string
  errorId?: string
}) {
  const noteId = `${idPrefix}-held-note`
  return (
    <fieldset className="permissions" aria-describedby={errorId}>
      <legend className="visually-hidden">Permissions</legend>
      {STAFF_PERMISSIONS.map((permission) => {
        const holds = held.includes(permission)
        return (
          <label key={permission} htmlFor={`${idPrefix}-${permission}`} className="checkbox">
            <input
              type="checkbox"
              id={`${idPrefix}-${permission}`}
              name="permissions"
              value={permission}
              defaultChecked={checked.includes(permission)}
              disabled={!holds}
              aria-describedby={holds ? undefined : noteId}
            />
            {PERMISSION_LABELS[permission]}
          </label>
        )
      })}
      {STAFF_PERMISSIONS.some((permission) => !held.includes(permission)) ? (
        <p className="field__hint" id={noteId}>
          {`Unavailable permissions are ones you do not hold yourself, so ${note}.`}
        </p>
      ) : null}
    </fieldset>
  )
}

function InviteForm({ lastResult, held }: { lastResult?: SubmissionResult<string[]>; held: readonly string[] }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'invite-member',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteMemberSchema }),
    shouldValidate: 'onBlur',
  })
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a member</h2>
      <Form method="post" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value="invite" />
        <div className="form__row">
          <div className="field">
            <label htmlFor={fields.email.id}>Email</label>
            <input {...getInputProps(fields.email, { type: 'email' })} />
            <FieldErrors errors={fields.email.errors} id={fields.email.errorId} />
          </div>
          <div className="field">
            <label htmlFor={fields.name.id}>Name (optional)</label>
            <input {...getInputProps(fields.name, { type: 'text' })} />
            <FieldErrors errors={fields.name.errors} id={fields.name.errorId} />
          </div>
        </div>
        <PermissionCheckboxes
          idPrefix="invite"
          checked={INVITE_DEFAULTS.filter((permission) => held.includes(permission))}
          held={held}
          note="you cannot grant them"
          errorId={fields.permissions.errors ? fields.permissions.errorId : undefined}
        />
        <FieldErrors errors={fields.permissions.errors} id={fields.permissions.errorId} />
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          Send invitation
        </button>
      </Form>
    </section>
  )
}

export function meta() {
  return [{ title: 'Members' }]
}
