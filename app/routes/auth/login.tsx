import { parseWithZod } from '@conform-to/zod/v4'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { data, Form, useActionData, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { LoginError, staffAuthenticator } from '@server/auth/authenticator'
import { admitSignInAttempt, clearSignInThrottle } from '@server/auth/sign-in-throttle'
import { createStaffSession, getStaffMember } from '@server/auth/staff-session'
import { loginSchema } from '~/lib/schemas/login'
import { AuthLayout } from '~/components/auth-layout'
import { FormErrors, FieldErrors } from '~/components/ui/form-errors'
import { parseForm, readForm } from '@server/http/forms'
import { redirectTo } from '@server/http/redirect'

/** Where sign-in lands without a page asked for: the workspace's home, what needs doing (app/routes/staff/home.tsx). */
const STAFF_HOME = '/home'

function tooManyAttempts(seconds: number) {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute']
  return `Too many sign-in attempts. Try again in ${count} ${unit}${count === 1 ? '' : 's'}.`
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await getStaffMember(context.db, request)
  if (staff) throw redirectTo(new URL(request.url).searchParams.get('redirectTo'), { fallback: STAFF_HOME })
  return null
}

// A throttled sign-in's Retry-After reaches the browser with the page, not only the data.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request.clone())
  const submission = parseForm(formData, loginSchema)
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })

  const { email, redirectTo: target } = submission.value
  // Counted before the password is checked, so a burst of parallel guesses cannot all reach it.
  const admission = await admitSignInAttempt(context.db, email, context.clientAddress)
  if (!admission.allowed) {
    return data(
      { result: submission.reply({ formErrors: [tooManyAttempts(admission.retryAfterSeconds)], hideFields: ['password'] }) },
      { status: 429, headers: { 'Retry-After': String(admission.retryAfterSeconds) } },
    )
  }

  try {
    const staff = await staffAuthenticator(context.db).authenticate('form', request)
    await clearSignInThrottle(context.db, email, context.clientAddress)
    const cookie = await createStaffSession(context.db, context.env, staff.id, request, context.clientAddress)
    return redirectTo(target, { fallback: STAFF_HOME, headers: { 'Set-Cookie': cookie } })
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    return data({ result: submission.reply({ formErrors: [error.message], hideFields: ['password'] }) }, { status: 400 })
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onBlur',
  })
  return (
    <AuthLayout title="Sign in to your workspace">
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.email.id}>Email</label>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page exists to sign in: its one field takes focus */}
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="username" autoFocus />
          <FieldErrors errors={fields.email.errors} id={fields.email.errorId} />
        </div>
        <div className="field">
          <label htmlFor={fields.password.id}>Password</label>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" />
          <FieldErrors errors={fields.password.errors} id={fields.password.errorId} />
        </div>
        <button type="submit" className="button button--primary button--block" disabled={navigation.state === 'submitting'}>
          Sign in
        </button>
      </Form>
    </AuthLayout>
  )
}

export function meta() {
  return [{ title: 'Sign in' }]
}
