import { parseWithZod } from '@conform-to/zod/v4'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import { addTprmPartnerSchema } from '~/lib/schemas/tprm'
import { FormErrors } from '~/components/ui/form-errors'
import { TextField } from '~/components/ui/fields'

/** The tools account members may send their data to ("Send data to TPRM tool"): add by name and domain, remove. */
export function TprmPartnersSection({ partners, lastResult }: { partners: { id: string; name: string; domain: string }[]; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent')).startsWith('tprm-partner')
  const [form, fields] = useForm({
    id: 'settings-tprm-partners',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addTprmPartnerSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section className="panel settings__section" id="tprm-partners-settings" aria-labelledby="settings-tprm-partners-title">
      <h2 id="settings-tprm-partners-title">TPRM partners</h2>
      <p className="settings__description">
        The third-party risk management tools account members may send your trust center’s data to. The account menu offers “Send data to TPRM tool” while the Documents setting is
        on and at least one tool is listed.
      </p>
      {partners.length ? (
        <ul className="tprm-partners__list" aria-label="TPRM partners">
          {partners.map((partner) => (
            <li key={partner.id} className="tprm-partners__entry">
              <strong>{partner.name}</strong>
              <span>{partner.domain}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="tprm-partner-remove" />
                <input type="hidden" name="partnerId" value={partner.id} />
                <button type="submit" className="button button--secondary button--small" disabled={busy} aria-label={`Remove ${partner.name}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>No tools listed yet.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value="tprm-partner-add" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form__row">
          <TextField field={fields.name} label="Name" maxLength={100} hint="For example OneTrust." />
          <TextField field={fields.domain} label="Domain" maxLength={253} hint="For example onetrust.com." />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Add TPRM partner
        </button>
      </Form>
    </section>
  )
}
