import { parseWithZod } from '@conform-to/zod/v4'
import { getFormProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/setup'
import { hashPassword } from '@server/auth/password'
import { createStaffSession } from '@server/auth/staff-session'
import { admitSetupAttempt, completeSetup, requireSetupLink, SETUP_LINK_REFUSED } from '@server/orgs/setup'
import { parseForm, readForm } from '@server/http/forms'
import { redirectTo } from '@server/http/redirect'
import { AuthLayout } from '~/components/auth-layout'
import { TextField } from '~/components/ui/fields'
import { FormErrors } from '~/components/ui/form-errors'
import { setupSchema, suggestOrgSlug } from '~/lib/schemas/setup'

// The first start on an empty database (issue 23): the one-time link the server printed opens this page.
// Opening it changes nothing; the POST creates the org and its owner, in one transaction, and signs the owner in.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSetupLink(context.db, context.env, request, params.token)
  return { origin: new URL(context.env.APP_URL).host }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // A dead link is refused before anything is written; a live one's submissions are counted, as /login's attempts.
  await requireSetupLink(context.db, context.env, request, params.token)
  await admitSetupAttempt(context.db, context.clientAddress)
  const submission = parseForm(await readForm(request), setupSchema)
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'confirm'] }) }, { status: 400 })
  const { name, slug, website, ownerName, ownerEmail, password } = submission.value
  const passwordHash = await hashPassword(password)
  const created = await completeSetup(context.db, params.token, { name, slug, website, owner: { name: ownerName, email: ownerEmail, passwordHash } })
  // Another submission got there first (or the server was restarted, replacing the link).
  if (!created) throw data(SETUP_LINK_REFUSED, { status: 404 })
  const cookie = await createStaffSession(context.db, context.env, created.ownerId, request, context.clientAddress)
  return redirectTo(`/portal/${created.slug}`, { headers: { 'Set-Cookie': cookie } })
}

const FIELDS = [
  { name: 'name', label: 'Company name', type: 'text', autoComplete: 'organization' },
  { name: 'slug', label: 'Portal address', type: 'text', autoComplete: 'off' },
  { name: 'website', label: 'Company website', type: 'url', autoComplete: 'url', hint: 'An https:// address; the header logo links there.' },
  { name: 'ownerName', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'ownerEmail', label: 'Your email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: 'At least 12 characters.' },
  { name: 'confirm', label: 'Repeat the password', type: 'password', autoComplete: 'new-password' },
] as const satisfies readonly { name: string; label: string; type: string; autoComplete: string; hint?: string }[]

export default function Setup({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'setup',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setupSchema }),
    shouldValidate: 'onBlur',
  })
  // With JavaScript the suggested address follows the name as it is typed; without, the server suggests it.
  const [suggested, setSuggested] = useState(() => suggestOrgSlug(String(fields.name.initialValue ?? '')))
  return (
    <AuthLayout title="Set up your trust center">
      <p className="auth__lead">Create your company’s trust center and its first owner account. This link works once.</p>
      <Form method="post" {...getFormProps(form)} className="form">
        <FormErrors errors={form.errors} id={form.errorId} />
        {FIELDS.map((entry) => {
          const { name, label, type, autoComplete } = entry
          const field = fields[name]
          // The address's hint shows the address it makes, so it is written here; the others are fixed.
          const hint =
            name === 'slug'
              ? `Your portal’s address: ${loaderData.origin}/portal/${field.value || suggested || 'your-company'}. Lowercase letters, digits and hyphens.${suggested ? ` Leave empty to use “${suggested}”.` : ''}`
              : 'hint' in entry
                ? entry.hint
                : undefined
          return (
            <TextField
              key={name}
              field={field}
              label={label}
              type={type}
              hint={hint}
              autoComplete={autoComplete}
              placeholder={name === 'slug' ? suggested || undefined : undefined}
              onChange={name === 'name' ? (value) => setSuggested(suggestOrgSlug(value)) : undefined}
            />
          )
        })}
        <button type="submit" className="button button--primary button--block" disabled={navigation.state === 'submitting'}>
          Create trust center
        </button>
      </Form>
    </AuthLayout>
  )
}

export function meta() {
  return [{ title: 'Set up your trust center' }]
}
