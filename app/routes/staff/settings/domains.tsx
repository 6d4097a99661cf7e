import { parseWithZod } from '@conform-to/zod/v4'
import { getFormProps, useForm } from '@conform-to/react'
import { Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/domains'
import { requireStaff } from '@server/auth/require'
import { readForm } from '@server/http/forms'
import { respond } from '@server/http/responses'
import { loadDomainsPage, submitDomains } from '@server/domains/settings'
import type { CustomDomain } from '@server/domains/domains'
import { addDomainSchema, FAILURE_MESSAGES, verificationRecordName } from '~/lib/schemas/domains'
import { formatDateTime } from '~/lib/format'
import { FormErrors } from '~/components/ui/form-errors'
import { TextField } from '~/components/ui/fields'
import { SettingsPages } from './settings-pages'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'settings')
  return loadDomainsPage(context, staff)
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'settings')
  return respond(await submitDomains(context, staff, await readForm(request)), context.env)
}

const STATUS_LABELS: Record<CustomDomain['status'], string> = { pending: 'Pending', verified: 'Verified', failed: 'Failed' }

export default function Domains({ loaderData }: Route.ComponentProps) {
  const { domains, deploymentHost } = loaderData
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [form, fields] = useForm({
    id: 'domain-add',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addDomainSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="staff-page settings">
      <header className="staff-page__header">
        <h1>Domains</h1>
        <SettingsPages />
        <p>
          Serve your trust center on your own domain, such as trust.example.com. Add it here, create the DNS records shown, and check: once the TXT record proves the domain is
          yours, it is verified and served, and its HTTPS certificate is issued on the first visit. Make a verified domain primary to use it in e-mails and shared links; the
          address on this server then redirects there.
        </p>
      </header>
      <section className="panel settings__section" aria-labelledby="domain-add-title">
        <h2 id="domain-add-title">Add a domain</h2>
        <Form method="post" {...getFormProps(form)} className="form form--wide">
          <input type="hidden" name="intent" value="add" />
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField field={fields.host} label="Domain" maxLength={253} autoComplete="off" hint="A domain or subdomain of your company’s, for example trust.example.com." />
          <button type="submit" className="button button--primary" disabled={busy}>
            Add domain
          </button>
        </Form>
      </section>
      {domains.length ? (
        <ul className="domains" aria-label="Domains">
          {domains.map((domain) => (
            <DomainEntry key={domain.host} domain={domain} deploymentHost={deploymentHost} busy={busy} />
          ))}
        </ul>
      ) : (
        <p className="empty">No domains yet: your trust center is served at this server’s address.</p>
      )}
    </div>
  )
}

function DomainEntry({ domain, deploymentHost, busy }: { domain: CustomDomain; deploymentHost: string; busy: boolean }) {
  const titleId = `domain-${domain.host}-title`
  const verified = domain.status === 'verified'
  return (
    <li className="panel domain" id={`domain-${domain.host}`} aria-labelledby={titleId}>
      <div className="domain__header">
        <h2 id={titleId}>{domain.host}</h2>
        <span className={`tag domain__status domain__status--${domain.status}`}>{STATUS_LABELS[domain.status]}</span>
        {domain.isPrimary ? <span className="tag domain__status domain__status--primary">Primary</span> : null}
      </div>
      {domain.status === 'failed' && domain.failureReason ? (
        <p className="field__error" role="status">
          Not verified: {FAILURE_MESSAGES[domain.failureReason]}
        </p>
      ) : null}
      {verified ? (
        <p>Verified and served{domain.isPrimary ? ': e-mails, shared links and this server’s address lead here' : ''}.</p>
      ) : (
        <p>Create these records at your DNS provider, then choose Check now. The token is this domain’s alone; a record with any other value is not accepted.</p>
      )}
      <table className="data-table domain__records">
        <caption>DNS records for {domain.host}</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Purpose</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>TXT</td>
            <td>
              <code>{verificationRecordName(domain.host)}</code>
            </td>
            <td>
              <code className="domain__token">{domain.token}</code>
            </td>
            <td>Proves the domain is yours</td>
          </tr>
          <tr>
            <td>CNAME</td>
            <td>
              <code>{domain.host}</code>
            </td>
            <td>
              <code>{deploymentHost}</code>
            </td>
            <td>Sends visitors to this server</td>
          </tr>
        </tbody>
      </table>
      {verified ? null : (
        <p className="domain__checked">
          {domain.checkedAt ? (
            <>
              Last checked <time dateTime={domain.checkedAt}>{formatDateTime(domain.checkedAt)}</time>.{' '}
            </>
          ) : (
            'Not checked yet. '
          )}
          {domain.nextCheckAt ? (
            <>
              Checked again automatically after <time dateTime={domain.nextCheckAt}>{formatDateTime(domain.nextCheckAt)}</time>.
            </>
          ) : (
            'Automatic checks have stopped: choose Check now once the record is in place.'
          )}
        </p>
      )}
      <div className="domain__actions">
        {verified ? null : <DomainButton intent="check" host={domain.host} label="Check now" primary busy={busy} />}
        {verified && !domain.isPrimary ? <DomainButton intent="primary" host={domain.host} label="Make primary" busy={busy} /> : null}
        {domain.isPrimary ? <DomainButton intent="primary-off" host={domain.host} label="Stop using as primary" busy={busy} /> : null}
        <DomainButton intent="remove" host={domain.host} label="Remove" accessibleName={`Remove ${domain.host}`} busy={busy} />
      </div>
    </li>
  )
}

function DomainButton({
  intent,
  host,
  label,
  accessibleName,
  primary,
  busy,
}: {
  intent: string
  host: string
  label: string
  accessibleName?: string
  primary?: boolean
  busy: boolean
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="host" value={host} />
      <button type="submit" className={`button ${primary ? 'button--primary' : 'button--secondary'} button--small`} disabled={busy} aria-label={accessibleName}>
        {label}
      </button>
    </Form>
  )
}

export function meta() {
  return [{ title: 'Domains' }]
}
