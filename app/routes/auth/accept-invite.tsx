import { parseWithZod } from '@conform-to/zod/v4'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { data, Form, useActionData } from 'react-router'
import type { Route } from './+types/accept-invite'
import { createStaffSession } from '@server/auth/staff-session'
import { acceptInvite, findInvite } from '@server/members/members'
import { AuthLayout } from '~/components/auth-layout'
import { acceptInviteSchema } from '~/lib/schemas/members'
import { FieldErrors } from '~/components/ui/form-errors'
import { parseForm, readForm } from '@server/http/forms'
import { redirectTo } from '@server/http/redirect'

// Opening the link changes nothing (mail scanners fetch every link); the form's POST consumes it.
export async function loader({ params, context }: Route.LoaderArgs) {
  const invite = await findInvite(context.db, params.token)
  if (!invite) throw data('This invitation link is invalid, already used or expired. Ask for a new one.', { status: 404 })
  return { email: invite.email, name: invite.name, orgName: invite.org_name }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseForm(await readForm(request), acceptInviteSchema)
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'confirm'] }) }, { status: 400 })
  const accepted = await acceptInvite(context.db, params.token, submission.value)
  if (!accepted) throw data('This invitation link is invalid, already used or expired. Ask for a new one.', { status: 404 })
  const cookie = await createStaffSession(context.db, context.env, accepted.memberId, request, context.clientAddress)
  return redirectTo(`/portal/${accepted.orgSlug}`, { headers: { 'Set-Cookie': cookie } })
}

export default function AcceptInvite({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'accept-invite',
    lastResult: actionData?.result,
    defaultValue: { name: loaderData.name ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInviteSchema }),
    shouldValidate: 'onBlur',
  })
  return (
    <AuthLayout title={`Join ${loaderData.orgName}'s Trust Center workspace`}>
      <p className="auth__lead">You are joining as {loaderData.email}.</p>
      <Form method="post" {...getFormProps(form)} className="form">
        {(['name', 'password', 'confirm'] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={fields[name].id}>{name === 'name' ? 'Your name' : name === 'password' ? 'Password' : 'Repeat the password'}</label>
            <input {...getInputProps(fields[name], { type: name === 'name' ? 'text' : 'password' })} autoComplete={name === 'name' ? 'name' : 'new-password'} />
            <FieldErrors errors={fields[name].errors} id={fields[name].errorId} />
          </div>
        ))}
        <button type="submit" className="button button--primary button--block">
          Accept invitation
        </button>
      </Form>
    </AuthLayout>
  )
}

export function meta() {
  return [{ title: 'Accept invitation' }]
}
