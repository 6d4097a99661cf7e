import { parseWithZod } from '@conform-to/zod/v4'
import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { data, Form, useActionData, useNavigation, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/company'
import { requireStaff } from '@server/auth/require'
import { parseForm, readForm } from '@server/http/forms'
import { redirectWithToast } from '@server/http/redirect'
import {
  loadCompanySettings,
  removeCompanyLogo,
  saveCompanyDetails,
  saveCompanyFavicon,
  saveCompanyLogo,
  type CompanySaveResult,
  type CompanySettings,
} from '@server/settings/company'
import {
  COMPANY_NAME_MAX,
  companyDetailsSchema,
  companyFaviconSchema,
  companyLogoRemoveSchema,
  companyLogoSchema,
  FAVICON_ACCEPT,
  FAVICON_MODES,
  LOGO_ACCEPT,
  ORG_SLUG_MAX,
} from '~/lib/schemas/company'
import { SettingsPages } from './settings-pages'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { CheckboxField, TextField } from '~/components/ui/fields'

type Intent = 'details' | 'logo' | 'logo-remove' | 'favicon'
const PAGE = '/settings/company'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'settings')
  return { company: await loadCompanySettings(context.db, staff.orgId), appUrl: context.env.APP_URL }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'settings')
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'details':
      return submit(context, formData, 'details', companyDetailsSchema, (value) => saveCompanyDetails(context.db, staff, value))
    case 'logo':
      return submit(context, formData, 'logo', companyLogoSchema, (value) => saveCompanyLogo(context.db, context.env, staff, value), ['logo'])
    case 'logo-remove':
      return submit(context, formData, 'logo-remove', companyLogoRemoveSchema, () => removeCompanyLogo(context.db, staff))
    case 'favicon':
      return submit(context, formData, 'favicon', companyFaviconSchema, (value) => saveCompanyFavicon(context.db, context.env, staff, value), ['favicon'])
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

/** One form's save: 400 with the field messages and nothing written, or a redirect back with a toast. */
async function submit<Schema extends z.ZodType>(
  context: AppLoadContext,
  formData: FormData,
  intent: Intent,
  schema: Schema,
  save: (value: z.output<Schema>) => Promise<CompanySaveResult>,
  // A file is never sent back to the browser.
  hideFields: string[] = [],
) {
  const submission = parseForm(formData, schema)
  if (submission.status !== 'success') return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
  const outcome = await save(submission.value)
  if (!outcome.ok) return data({ intent, result: submission.reply({ hideFields, fieldErrors: { [outcome.field]: [outcome.message] } }) }, { status: 400 })
  return redirectWithToast(context.env, PAGE, outcome.message)
}

type LastResult = SubmissionResult<string[]> | undefined

export default function CompanySettingsPage({ loaderData }: Route.ComponentProps) {
  const { company, appUrl } = loaderData
  const actionData = useActionData<typeof action>()
  const resultOf = (intent: Intent): LastResult => (actionData?.intent === intent ? actionData.result : undefined)
  return (
    <div className="staff-page settings">
      <header className="staff-page__header">
        <h1>Company</h1>
        <p>Your company as visitors see it: its name, logo, colour and address. Each part is saved on its own and shows on the next page view.</p>
        <SettingsPages />
      </header>
      <DetailsSection key={JSON.stringify(company)} company={company} appUrl={appUrl} lastResult={resultOf('details')} />
      <LogoSection key={`logo-${company.logoUrl}`} company={company} lastResult={resultOf('logo')} />
      <FaviconSection key={`favicon-${company.faviconUrl}`} company={company} lastResult={resultOf('favicon')} />
    </div>
  )
}

function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="panel settings__section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {description ? <p className="settings__description">{description}</p> : null}
      {children}
    </section>
  )
}

function SaveButton({ intent, tone = 'primary', children }: { intent: Intent; tone?: 'primary' | 'secondary'; children: ReactNode }) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <button type="submit" className={`button button--${tone}`} disabled={saving}>
      {children}
    </button>
  )
}

function DetailsSection({ company, appUrl, lastResult }: { company: CompanySettings; appUrl: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'company-details',
    lastResult,
    defaultValue: {
      name: company.name,
      website: company.website ?? '',
      brandColor: company.brandColor ?? '',
      termsUrl: company.termsUrl ?? '',
      privacyUrl: company.privacyUrl ?? '',
      slug: company.slug,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyDetailsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Section id="company-details-section" title="Company details">
      <Form method="post" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value="details" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form__row">
          <TextField
            field={fields.name}
            label="Company name"
            maxLength={COMPANY_NAME_MAX}
            autoComplete="organization"
            hint="Shown in the portal's title, its header without a logo, and e-mails."
          />
          <TextField field={fields.website} label="Website (optional)" maxLength={2000} hint="An https:// address: the logo in the portal's header links there." />
        </div>
        <div className="field">
          <label htmlFor={fields.brandColor.id}>Brand colour (optional)</label>
          <div className="company__color">
            <input
              {...getInputProps(fields.brandColor, { type: 'text' })}
              key={fields.brandColor.key}
              maxLength={7}
              placeholder="#1d4ed8"
              aria-describedby={`${fields.brandColor.id}-hint ${fields.brandColor.errors ? fields.brandColor.errorId : ''}`.trim()}
            />
            {company.brandColor ? <span className="company__swatch" style={{ background: company.brandColor }} aria-hidden="true" /> : null}
          </div>
          <p className="field__hint" id={`${fields.brandColor.id}-hint`}>
            As #rrggbb. Buttons, the banner, links and e-mails use it, with white text on it: it needs a contrast of 4.5:1 with white (WCAG AA). Empty keeps the default blue.
          </p>
          <FieldErrors errors={fields.brandColor.errors} id={fields.brandColor.errorId} />
        </div>
        <div className="form__row">
          <TextField field={fields.termsUrl} label="Terms of use (optional)" maxLength={2000} hint="Every consent line links it; without it the words stay plain text." />
          <TextField field={fields.privacyUrl} label="Privacy notice (optional)" maxLength={2000} hint="Linked from the same consent lines." />
        </div>
        <TextField
          field={fields.slug}
          label="Portal address"
          maxLength={ORG_SLUG_MAX}
          hint={`Your portal on this server is ${appUrl}/portal/${company.slug}. Changing it keeps the old address redirecting here.`}
        />
        {company.oldSlugs.length ? (
          <p className="settings__description">Old addresses that still redirect: {company.oldSlugs.map((slug) => `/portal/${slug}`).join(', ')}</p>
        ) : null}
        <SaveButton intent="details">Save company details</SaveButton>
      </Form>
    </Section>
  )
}

function LogoSection({ company, lastResult }: { company: CompanySettings; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'company-logo',
    lastResult,
    defaultValue: { faviconFromLogo: company.faviconMode !== 'upload' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyLogoSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <Section
      id="company-logo-section"
      title="Logo"
      description="Shown in the portal's header, the e-mails and the PDFs visitors download. PNG, JPEG, WebP or SVG, at most 1 MB. An SVG is redrawn as a picture from its shapes: convert its text to outlines first."
    >
      {company.logoUrl ? (
        <div className="company__preview">
          <img src={company.logoUrl} alt={`Current logo of ${company.name}`} height={40} />
        </div>
      ) : (
        <p className="settings__description">No logo yet: the header shows your company's name.</p>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value="logo" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.logo.id}>Logo file</label>
          <input {...getInputProps(fields.logo, { type: 'file' })} key={fields.logo.key} accept={LOGO_ACCEPT} />
          <FieldErrors errors={fields.logo.errors} id={fields.logo.errorId} />
        </div>
        <CheckboxField field={fields.faviconFromLogo} className="settings__checkbox">
          Use the logo as the favicon too
        </CheckboxField>
        <SaveButton intent="logo">Upload logo</SaveButton>
      </Form>
      {company.logoUrl ? (
        <Form method="post" className="form form--wide company__remove">
          <input type="hidden" name="intent" value="logo-remove" />
          <SaveButton intent="logo-remove" tone="secondary">
            Remove logo
          </SaveButton>
        </Form>
      ) : null}
    </Section>
  )
}

const FAVICON_LABELS = { default: 'The built-in icon', logo: 'The logo', upload: 'An icon of its own' } as const

function FaviconSection({ company, lastResult }: { company: CompanySettings; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'company-favicon',
    lastResult,
    defaultValue: { mode: company.faviconMode },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyFaviconSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <Section id="company-favicon-section" title="Favicon" description="The icon browsers show in the tab. A square PNG (16 to 512 pixels) or an SVG.">
      {company.faviconUrl ? (
        <div className="company__preview">
          <img src={company.faviconUrl} alt="Current favicon" width={32} height={32} />
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value="favicon" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <fieldset className="field settings__choices" aria-describedby={fields.mode.errors?.length ? fields.mode.errorId : undefined}>
          <legend>Favicon</legend>
          {getCollectionProps(fields.mode, { type: 'radio', options: [...FAVICON_MODES] }).map(({ key, ...props }) => (
            <label key={key} htmlFor={props.id} className="checkbox">
              <input {...props} />
              {FAVICON_LABELS[props.value as keyof typeof FAVICON_LABELS]}
            </label>
          ))}
          <FieldErrors errors={fields.mode.errors} id={fields.mode.errorId} />
        </fieldset>
        <div className="field">
          <label htmlFor={fields.favicon.id}>Favicon file (for an icon of its own)</label>
          <input {...getInputProps(fields.favicon, { type: 'file' })} key={fields.favicon.key} accept={FAVICON_ACCEPT} />
          <FieldErrors errors={fields.favicon.errors} id={fields.favicon.errorId} />
        </div>
        <SaveButton intent="favicon">Save favicon</SaveButton>
      </Form>
    </Section>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Company settings' }]
