import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { LoginError, staffAuthenticator } from '@server/auth/authenticator'
import { clearRateLimit, hitRateLimit, isRateLimited } from '@server/auth/rate-limit'
import { createStaffSession, getStaffMember } from '@server/auth/staff-session'
import { loginSchema } from '~/lib/schemas/login'
import { AuthLayout } from '~/components/auth-layout'
import { FormErrors, FieldErrors } from '~/components/ui/form-errors'
import { parseForm, readForm } from '@server/http/forms'

const LOGIN_WINDOW_SECONDS = 15 * 60

/** Only paths on this host: never an absolute or protocol-relative URL. */
function safeRedirect(to: string | undefined, fallback: string) {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : fallback
}

async function homeOf(context: Route.LoaderArgs['context'], orgId: string) {
  const org = await context.db.selectFrom('orgs').select('slug').where('id', '=', orgId).executeTakeFirst()
  return org ? `/portal/${org.slug}` : '/'
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await getStaffMember(context.db, request)
  if (staff) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo') ?? undefined, await homeOf(context, staff.orgId)))
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request.clone())
  const submission = parseForm(formData, loginSchema)
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })

  const { email, redirectTo } = submission.value
  // Failed attempts count, per address and per e-mail; successful sign-ins do not.
  const limits = [
    { key: `login:ip:${context.clientAddress}`, limit: 30 },
    { key: `login:email:${email}`, limit: 10 },
  ]
  const states = await Promise.all(limits.map(({ key, limit }) => isRateLimited(context.db, key, limit, LOGIN_WINDOW_SECONDS)))
  const blocked = states.filter((state) => state.limited)
  if (blocked.length) {
    const minutes = Math.ceil(Math.max(...blocked.map((state) => state.retryAfterSeconds)) / 60)
    return data(
      { result: submission.reply({ formErrors: [`Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`], hideFields: ['password'] }) },
      { status: 429, headers: { 'Retry-After': String(minutes * 60) } },
    )
  }

  try {
    const staff = await staffAuthenticator(context.db).authenticate('form', request)
    await clearRateLimit(context.db, `login:email:${email}`)
    const cookie = await createStaffSession(context.db, context.env, staff.id, request, context.clientAddress)
    return redirect(safeRedirect(redirectTo, await homeOf(context, staff.orgId)), { headers: { 'Set-Cookie': cookie } })
  } catch (error) {
    if (!(error instanceof LoginError)) throw error
    await Promise.all(limits.map(({ key, limit }) => hitRateLimit(context.db, key, limit, LOGIN_WINDOW_SECONDS)))
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
    onValidate: ({ formData }) => parseForm(formData, loginSchema),
    shouldValidate: 'onBlur',
  })
  return (
    <AuthLayout title="Sign in to your workspace">
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.email.id}>Email</label>
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
