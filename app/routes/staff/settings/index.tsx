import { parseWithZod } from '@conform-to/zod/v4'
import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { data, Form, useActionData, useNavigation, useParams, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import type { Route } from './+types/index'
import { requireStaff } from '@server/auth/require'
import { parseForm, readForm } from '@server/http/forms'
import { redirectWithToast } from '@server/http/redirect'
import {
  loadPortalSettings,
  saveAccessSection,
  saveContactSection,
  saveDocumentsSection,
  saveNdaSection,
  savePortalSection,
  type PortalSettings,
  type ProfileOption,
  type SaveResult,
} from '@server/settings/portal-settings'
import { OPTIONAL_REQUEST_FIELDS } from '~/lib/access-request-fields'
import {
  accessSettingsSchema,
  AUTO_APPROVE_LABELS,
  AUTO_APPROVE_MODES,
  CONTACT_ACTIONS,
  contactSettingsSchema,
  documentSettingsSchema,
  domainsText,
  NDA_SCOPE_LABELS,
  NDA_SCOPES,
  NDA_TEXT_MAX,
  NDA_TYPE_LABELS,
  NDA_TYPES,
  ndaSettingsSchema,
  PORTAL_TITLE_MAX,
  portalSettingsSchema,
  PUBLIC_ACCESS_LABELS,
  PUBLIC_ACCESS_LEVELS,
  REQUEST_FIELD_NAMES,
  REVIEW_BANNER_LABELS,
  REVIEW_BANNERS,
  REVIEW_DAYS_MAX,
  type SettingsSection,
} from '~/lib/schemas/settings'
import { DOCUMENT_ACCESS_LABELS } from '~/lib/schemas/documents'
import { submitTprmPartner } from '@server/tprm/settings'
import { respond } from '@server/http/responses'
import { TprmPartnersSection } from './tprm-partners'
import { SettingsPages } from './settings-pages'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { CheckboxField, TextareaField, TextField, type Field } from '~/components/ui/fields'
import { SaveBar, useUnsavedChanges } from '~/components/ui/save-bar'

const SECTION_TITLES: Record<SettingsSection, string> = {
  portal: 'Portal',
  contact: 'Contact',
  access: 'Access requests',
  nda: 'NDA',
  documents: 'Documents',
}

const SAVE_LABELS: Record<SettingsSection, string> = {
  portal: 'Save portal settings',
  contact: 'Save contact settings',
  access: 'Save access request settings',
  nda: 'Save NDA settings',
  documents: 'Save document settings',
}

// View and download first: the default, and what most trust centers keep.
const DOCUMENT_ACCESS_OPTIONS = ['view-and-download', 'view-only'] as const

// The tabs this page serves (decision 059): General on /settings, the others on /settings/{tab}. Branding,
// products, domains and the e-mail outbox are pages of their own (settings-pages.tsx).
const TABS = {
  general: { path: '/settings', sections: ['portal', 'contact'] },
  access: { path: '/settings/access', sections: ['access'] },
  nda: { path: '/settings/nda', sections: ['nda'] },
  documents: { path: '/settings/documents', sections: ['documents'] },
  integrations: { path: '/settings/integrations', sections: [] },
} as const satisfies Record<string, { path: string; sections: readonly SettingsSection[] }>
type Tab = keyof typeof TABS

const tabOf = (param: string | undefined): Tab | undefined => (param === undefined ? 'general' : Object.hasOwn(TABS, param) && param !== 'general' ? (param as Tab) : undefined)

/** The tab a section is on: where its save goes back to. */
const tabPathOf = (intent: SettingsSection) => Object.values(TABS).find((tab) => (tab.sections as readonly SettingsSection[]).includes(intent))?.path ?? '/settings'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'settings')
  if (!tabOf(params.tab)) throw data('Not found', { status: 404 })
  return loadPortalSettings(context.db, staff.orgId)
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'settings')
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'portal':
      return submitSection(context, formData, 'portal', portalSettingsSchema, (value) => savePortalSection(context.db, staff, value))
    case 'contact':
      return submitSection(context, formData, 'contact', contactSettingsSchema, (value) => saveContactSection(context.db, staff, value))
    case 'access':
      return submitSection(context, formData, 'access', accessSettingsSchema, (value) => saveAccessSection(context.db, staff, value))
    case 'nda':
      return submitSection(context, formData, 'nda', ndaSettingsSchema, (value) => saveNdaSection(context.db, staff, value))
    case 'documents':
      return submitSection(context, formData, 'documents', documentSettingsSchema, (value) => saveDocumentsSection(context.db, staff, value))
    case 'tprm-partner-add':
    case 'tprm-partner-remove':
      return respond(await submitTprmPartner(context, staff, formData), context.env)
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

/** One section's save: 400 with the field messages, or a redirect back to its tab with a toast. */
async function submitSection<Schema extends z.ZodType>(
  context: AppLoadContext,
  formData: FormData,
  intent: SettingsSection,
  schema: Schema,
  save: (value: z.output<Schema>) => Promise<SaveResult>,
) {
  const submission = parseForm(formData, schema)
  if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
  const outcome = await save(submission.value)
  if (!outcome.ok) return data({ intent, result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) }, { status: 400 })
  return redirectWithToast(context.env, tabPathOf(intent), 'Settings saved')
}

type LastResult = SubmissionResult<string[]> | undefined

// The forms themselves are `settings-{intent}` (Conform names their fields after them).
const sectionId = (intent: SettingsSection) => `${intent}-settings`

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings, profiles, tprmPartners } = loaderData
  const tab = tabOf(useParams().tab) ?? 'general'
  const shows = (section: SettingsSection) => (TABS[tab].sections as readonly SettingsSection[]).includes(section)
  const actionData = useActionData<typeof action>()
  const resultOf = (intent: SettingsSection): LastResult => (actionData?.intent === intent ? actionData.result : undefined)
  // A section remounts (taking the saved values as its defaults) only when what it shows was saved.
  const keyOf = (values: unknown) => JSON.stringify(values)
  return (
    <div className="staff-page settings">
      <header className="staff-page__header">
        <h1>Settings</h1>
        <p>How your trust center looks and who may see what. Each tab is saved on its own.</p>
        <SettingsPages />
      </header>
      {actionData && actionData.intent !== 'tprm-partners' ? (
        <p className="form__error" role="alert">
          The <a href={`#${sectionId(actionData.intent)}`}>{SECTION_TITLES[actionData.intent]}</a> settings were not saved: correct the fields marked below.
        </p>
      ) : null}
      {shows('portal') ? <PortalSection key={keyOf(settings.portal)} values={settings.portal} lastResult={resultOf('portal')} /> : null}
      {shows('contact') ? <ContactSection key={keyOf(settings.contact)} values={settings.contact} lastResult={resultOf('contact')} /> : null}
      {shows('access') ? <AccessSection key={keyOf(settings.access)} values={settings.access} profiles={profiles} lastResult={resultOf('access')} /> : null}
      {shows('nda') ? <NdaSection key={keyOf(settings.nda)} values={settings.nda} lastResult={resultOf('nda')} /> : null}
      {shows('documents') ? <DocumentsSection key={keyOf(settings.documents)} values={settings.documents} lastResult={resultOf('documents')} /> : null}
      {tab === 'integrations' ? (
        <TprmPartnersSection key={keyOf(tprmPartners)} partners={tprmPartners} lastResult={actionData?.intent === 'tprm-partners' ? actionData.result : undefined} />
      ) : null}
    </div>
  )
}

/** A section's panel and its form: a hidden intent, the fields, and its own Save button. */
function SettingsForm<Schema extends Record<string, unknown>>({
  intent,
  form,
  description,
  children,
}: {
  intent: SettingsSection
  form: FormMetadata<Schema, string[]>
  description?: ReactNode
  children: ReactNode
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const { dirty, markDirty, markSaved } = useUnsavedChanges(form.status === 'error')
  const titleId = `settings-${intent}-title`
  return (
    <section className="panel settings__section" id={sectionId(intent)} aria-labelledby={titleId}>
      <h2 id={titleId}>{SECTION_TITLES[intent]}</h2>
      {description ? <p className="settings__description">{description}</p> : null}
      <Form method="post" {...getFormProps(form)} className="form form--wide" onInput={markDirty} onSubmit={markSaved}>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors errors={form.errors} id={form.errorId} />
        {children}
        <SaveBar label={SAVE_LABELS[intent]} saving={saving} dirty={dirty} />
      </Form>
    </section>
  )
}

/** Radios grouped under their question; the legend names the group. */
function RadioGroup<Option extends string>({ field, legend, options, labels }: { field: Field; legend: string; options: readonly Option[]; labels: Record<Option, string> }) {
  return (
    <fieldset className="field settings__choices" aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend>{legend}</legend>
      {getCollectionProps(field, { type: 'radio', options: [...options] }).map(({ key, ...props }) => (
        <label key={key} htmlFor={props.id} className="checkbox">
          <input {...props} />
          {labels[props.value as Option]}
        </label>
      ))}
      <FieldErrors errors={field.errors} id={field.errorId} />
    </fieldset>
  )
}

function PortalSection({ values, lastResult }: { values: PortalSettings['portal']; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'settings-portal',
    lastResult,
    defaultValue: { portalTitle: values.portalTitle, showPortalTitle: values.showPortalTitle, description: values.description ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: portalSettingsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsForm intent="portal" form={form}>
      <TextField field={fields.portalTitle} label="Portal title" maxLength={PORTAL_TITLE_MAX} hint={`Up to ${PORTAL_TITLE_MAX} characters, for example "Trust Center".`} />
      <CheckboxField field={fields.showPortalTitle} className="settings__checkbox">
        Show portal title
      </CheckboxField>
      <TextareaField field={fields.description} label="Description" rows={3} maxLength={1000} hint="A sentence or two for search engines and shared links." />
    </SettingsForm>
  )
}

const CONTACT_ACTION_LABELS = {
  contactSupport: { email: 'Send an e-mail to the support mailbox', url: 'Go to a site' },
  reportIssue: { email: 'Send an e-mail to the security mailbox', url: 'Go to a site' },
} as const

function ContactSection({ values, lastResult }: { values: PortalSettings['contact']; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'settings-contact',
    lastResult,
    defaultValue: {
      supportMailbox: values.supportMailbox ?? '',
      securityMailbox: values.securityMailbox ?? '',
      contactSupportAction: values.contactSupport.onClickAction,
      contactSupportUrl: values.contactSupport.url ?? '',
      reportIssueAction: values.reportIssue.onClickAction,
      reportIssueUrl: values.reportIssue.url ?? '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSettingsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsForm intent="contact" form={form} description="Where the portal's help buttons lead. A button set to e-mail is hidden while its mailbox is empty.">
      <div className="form__row">
        <TextField field={fields.supportMailbox} label="Support mailbox (optional)" type="email" maxLength={254} />
        <TextField field={fields.securityMailbox} label="Security mailbox (optional)" type="email" maxLength={254} />
      </div>
      <div className="form__row">
        <ContactButtonFields legend="“Contact support” button" action={fields.contactSupportAction} url={fields.contactSupportUrl} labels={CONTACT_ACTION_LABELS.contactSupport} />
        <ContactButtonFields legend="“Report issue” button" action={fields.reportIssueAction} url={fields.reportIssueUrl} labels={CONTACT_ACTION_LABELS.reportIssue} />
      </div>
    </SettingsForm>
  )
}

function ContactButtonFields({ legend, action, url, labels }: { legend: string; action: Field; url: Field; labels: Record<(typeof CONTACT_ACTIONS)[number], string> }) {
  return (
    <div className="settings__group">
      <RadioGroup field={action} legend={legend} options={CONTACT_ACTIONS} labels={labels} />
      <TextField field={url} label="Site address" maxLength={2000} hint="An https:// address; https:// is added when you leave it out." />
    </div>
  )
}

function AccessSection({ values, profiles, lastResult }: { values: PortalSettings['access']; profiles: ProfileOption[]; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'settings-access',
    lastResult,
    defaultValue: {
      requestFields: values.requestFields,
      publicAccessLevel: values.publicAccessLevel,
      reviewBanner: values.reviewBanner,
      reviewBannerInformationText: values.reviewBannerInformationText ?? '',
      blockedDomains: domainsText(values.blockedDomains),
      freeMailDomains: domainsText(values.freeMailDomains),
      autoApprove: values.autoApprove,
      autoApproveDomains: domainsText(values.autoApproveDomains),
      autoApproveProfileId: values.autoApproveProfileId ?? '',
      defaultAccessDays: values.defaultAccessDays,
      reviewDays: values.reviewDays,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accessSettingsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const requestFields = fields.requestFields.getFieldset()
  const products = [...new Set(profiles.map((profile) => profile.productName))]
  return (
    <SettingsForm intent="access" form={form} description="What visitors without access see, the Request Access form, and which requests are approved without review.">
      <fieldset className="field settings__choices">
        <legend>Optional fields of the Request Access form</legend>
        <div className="settings__request-fields">
          {OPTIONAL_REQUEST_FIELDS.map((name) => {
            const field = requestFields[name].getFieldset()
            return (
              <fieldset key={name} className="settings__request-field">
                <legend>{REQUEST_FIELD_NAMES[name]}</legend>
                <CheckboxField field={field.enabled} className="settings__checkbox">
                  Enabled
                </CheckboxField>
                {name === 'customCheckbox' ? (
                  <CheckboxField field={field.required} className="settings__checkbox">
                    Required
                  </CheckboxField>
                ) : null}
                <TextField field={field.label} label="Label" maxLength={200} />
              </fieldset>
            )
          })}
        </div>
      </fieldset>
      <RadioGroup field={fields.publicAccessLevel} legend="Public access level" options={PUBLIC_ACCESS_LEVELS} labels={PUBLIC_ACCESS_LABELS} />
      <div className="settings__group">
        <RadioGroup field={fields.reviewBanner} legend="Security review banner" options={REVIEW_BANNERS} labels={REVIEW_BANNER_LABELS} />
        <TextField
          field={fields.reviewBannerInformationText}
          label="Banner information subtitle (optional)"
          maxLength={200}
          hint='Shown under the banner; "Ask for information" when empty.'
        />
      </div>
      <div className="form__row">
        <TextareaField field={fields.blockedDomains} label="Blocked domains" hint="One per line. Requests from these domains are declined." rows={4} />
        <TextareaField
          field={fields.freeMailDomains}
          label="More free e-mail providers"
          hint="One per line, added to the built-in list of providers that are not work e-mail."
          rows={4}
        />
      </div>
      <div className="settings__group">
        <RadioGroup field={fields.autoApprove} legend="Auto-approval" options={AUTO_APPROVE_MODES} labels={AUTO_APPROVE_LABELS} />
        <TextareaField field={fields.autoApproveDomains} label="Auto-approved domains" hint="One per line; required when auto-approval is by domain." rows={3} />
        <div className="field">
          <label htmlFor={fields.autoApproveProfileId.id}>Permission profile for auto-approved requesters</label>
          <select {...getSelectProps(fields.autoApproveProfileId)}>
            <option value="">{profiles.length ? 'Choose a profile' : 'No permission profiles yet'}</option>
            {products.map((product) => (
              <optgroup key={product} label={product}>
                {profiles
                  .filter((profile) => profile.productName === product)
                  .map((profile) => (
                    <option key={profile.id} value={profile.id}>
                      {profile.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
          <FieldErrors errors={fields.autoApproveProfileId.errors} id={fields.autoApproveProfileId.errorId} />
        </div>
      </div>
      <div className="field settings__narrow">
        <label htmlFor={fields.defaultAccessDays.id}>Default access expiry (days)</label>
        <input {...getInputProps(fields.defaultAccessDays, { type: 'number' })} min={1} max={3650} step={1} />
        <FieldErrors errors={fields.defaultAccessDays.errors} id={fields.defaultAccessDays.errorId} />
      </div>
      <div className="field settings__narrow">
        <label htmlFor={fields.reviewDays.id}>Usual reply time (business days)</label>
        <input
          {...getInputProps(fields.reviewDays, { type: 'number' })}
          min={1}
          max={REVIEW_DAYS_MAX}
          step={1}
          aria-describedby={[`${fields.reviewDays.id}-hint`, fields.reviewDays.errors ? fields.reviewDays.errorId : null].filter(Boolean).join(' ')}
        />
        <p className="field__hint" id={`${fields.reviewDays.id}-hint`}>
          The Request Access form tells visitors: "We usually reply within this many business days".
        </p>
        <FieldErrors errors={fields.reviewDays.errors} id={fields.reviewDays.errorId} />
      </div>
    </SettingsForm>
  )
}

function NdaSection({ values, lastResult }: { values: PortalSettings['nda']; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'settings-nda',
    lastResult,
    defaultValue: { ndaType: values.ndaType, ndaText: values.ndaText ?? '', ndaScope: values.ndaScope },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ndaSettingsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsForm intent="nda" form={form} description="Changing the text makes it a new version: visitors sign it again before restricted content opens.">
      <RadioGroup field={fields.ndaType} legend="NDA" options={NDA_TYPES} labels={NDA_TYPE_LABELS} />
      <TextareaField field={fields.ndaText} label="NDA text" rows={10} maxLength={NDA_TEXT_MAX} hint="Required for a clickwrap NDA." />
      <RadioGroup field={fields.ndaScope} legend="Who signs" options={NDA_SCOPES} labels={NDA_SCOPE_LABELS} />
    </SettingsForm>
  )
}

function DocumentsSection({ values, lastResult }: { values: PortalSettings['documents']; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: 'settings-documents',
    lastResult,
    defaultValue: values,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentSettingsSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <SettingsForm intent="documents" form={form}>
      <RadioGroup field={fields.documentAccessType} legend="Document access" options={DOCUMENT_ACCESS_OPTIONS} labels={DOCUMENT_ACCESS_LABELS} />
      <CheckboxField field={fields.bulkDownloadEnabled} className="settings__checkbox">
        Bulk download enabled
      </CheckboxField>
      <CheckboxField field={fields.watermarkEnabled} className="settings__checkbox">
        Watermark documents (restricted PDFs carry the account member's e-mail, company and the date on every page)
      </CheckboxField>
      <CheckboxField field={fields.subscribeEnabled} className="settings__checkbox">
        Subscribe button enabled
      </CheckboxField>
      <CheckboxField field={fields.commentsEnabled} className="settings__checkbox">
        Comments enabled
      </CheckboxField>
      <CheckboxField field={fields.aiAnswersEnabled} className="settings__checkbox">
        Ask AI enabled (account members' questions, and the content they may see that answers them, are sent to Anthropic)
      </CheckboxField>
      <CheckboxField field={fields.questionnairesEnabled} className="settings__checkbox">
        Questionnaires enabled
      </CheckboxField>
      <CheckboxField field={fields.tprmEnabled} className="settings__checkbox">
        Send data to TPRM tool enabled
      </CheckboxField>
    </SettingsForm>
  )
}

export function meta() {
  return [{ title: 'Settings' }]
}
