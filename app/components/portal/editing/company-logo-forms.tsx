import type { SubmissionResult } from '@conform-to/react'
import { Form, useActionData, useNavigation } from 'react-router'
import { CompanyLogoField } from '~/components/ui/company-logo'
import { FormErrors } from '~/components/ui/form-errors'

// "Change logo" and "Remove logo" of a company already listed on the Trusted-by card or as a subprocessor
// (decision 040): two plain forms, no JavaScript needed (the file input sits in a <details>).

type LogoResult = { intent?: string; id?: string; result?: SubmissionResult<string[]> } | undefined

export function CompanyLogoForms({
  prefix,
  id,
  name,
  uploaded,
  returnTo,
}: {
  prefix: 'trustedBy' | 'subprocessor'
  id: string
  name: string
  /** The company shows a logo staff uploaded: it may be removed. */
  uploaded: boolean
  returnTo: string
}) {
  const navigation = useNavigation()
  const actionData = useActionData() as LogoResult
  const failed = actionData?.intent === `${prefix}.logo` && actionData.id === id ? actionData.result : undefined
  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === id
  const fieldId = `${prefix}-logo-${id}`
  return (
    <div className="company-logo-edit">
      {/* Open again after a refused upload, so its message is seen. */}
      <details className="company-logo-edit__change" open={failed ? true : undefined}>
        <summary>
          Change logo<span className="visually-hidden"> of {name}</span>
        </summary>
        <Form method="post" encType="multipart/form-data" className="form company-logo-edit__form" preventScrollReset>
          <input type="hidden" name="intent" value={`${prefix}.logo`} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <FormErrors errors={failed?.error?.[''] ?? undefined} />
          <CompanyLogoField id={fieldId} label={`New logo for ${name}`} errors={failed?.error?.logo} required />
          <button type="submit" className="button button--secondary button--small" disabled={busy} aria-busy={busy || undefined}>
            Upload logo
          </button>
        </Form>
      </details>
      {uploaded ? (
        <Form method="post" className="company-logo-edit__remove" preventScrollReset>
          <input type="hidden" name="intent" value={`${prefix}.logoRemove`} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="button button--secondary button--small" disabled={busy}>
            Remove logo<span className="visually-hidden"> of {name}</span>
          </button>
        </Form>
      ) : null}
    </div>
  )
}
