import { getCollectionProps, getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import type { z } from 'zod'
import { Form, Link, useNavigation } from 'react-router'
import { CheckboxField, TextareaField, TextField } from '~/components/ui/fields'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { useHydrated } from '~/components/ui/use-hydrated'
import {
  AUDIENCE_EMAILS_MAX,
  createUpdateSchema,
  parseAudienceEmails,
  UPDATE_AUDIENCE_LABELS,
  UPDATE_AUDIENCES,
  UPDATE_MESSAGE_MAX,
  UPDATE_TITLE_MAX,
  type UpdateAudience,
} from '~/lib/schemas/updates'

// A new update under a topic. Without JavaScript every part of the form is there and CSS shows the
// e-mail options only once Email is ticked; the number of subscribers an e-mail reaches is said for both
// audiences. With JavaScript that number follows the audience chosen.

// `channels` names no input: it carries the "at least one channel" error for the fieldset.
type ComposerFields = z.input<typeof createUpdateSchema> & { channels?: string }

const subscribers = (n: number) => `${n.toLocaleString('en-US')} confirmed ${n === 1 ? 'subscriber' : 'subscribers'}`

/** "This e-mail will reach 42 confirmed subscribers", for the audience chosen or, before JavaScript runs, for both. */
export function reachText(reach: { public: number; private: number }, audience: UpdateAudience | null) {
  if (audience === null) return `This e-mail will reach ${subscribers(reach.public)} if the update is public, ${subscribers(reach.private)} if it is private.`
  return `This e-mail will reach ${subscribers(reach[audience])}.`
}

/** Who can see an update: public, or accounts only. */
export function AudienceField({ field }: { field: Parameters<typeof getCollectionProps>[0] }) {
  return (
    <fieldset className="field staff-updates__choices" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend>Who can see it</legend>
      {getCollectionProps(field, { type: 'radio', options: [...UPDATE_AUDIENCES] }).map(({ key, ...props }) => (
        <label key={key} className="checkbox" htmlFor={props.id}>
          <input {...props} />
          {UPDATE_AUDIENCE_LABELS[props.value as UpdateAudience]}
        </label>
      ))}
      <FieldErrors errors={field.errors} id={field.errorId} />
    </fieldset>
  )
}

export function UpdateComposer({
  topic,
  reach,
  lastResult,
  closeHref,
}: {
  topic: { id: string; subject: string }
  reach: { public: number; private: number }
  lastResult?: SubmissionResult<string[]>
  closeHref: string
}) {
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update-create'
  const [form, fields] = useForm<ComposerFields, z.output<typeof createUpdateSchema>>({
    id: `compose-form-${topic.id}`,
    lastResult,
    defaultValue: { title: '', audience: 'public', channelPortal: true, channelEmail: false, emailAudience: 'subscribers', audienceEmails: '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUpdateSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  // What the reach line needs, read from the form as it changes.
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>
  const [choice, setChoice] = useState(() => ({
    audience: (initial.audience === 'private' ? 'private' : 'public') as UpdateAudience,
    list: initial.emailAudience === 'list',
    listCount: typeof initial.audienceEmails === 'string' ? parseAudienceEmails(initial.audienceEmails).emails.length : 0,
  }))
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget)
    const text = data.get('audienceEmails')
    setChoice({
      audience: data.get('audience') === 'private' ? 'private' : 'public',
      list: data.get('emailAudience') === 'list',
      listCount: typeof text === 'string' ? parseAudienceEmails(text).emails.length : 0,
    })
  }
  const emailAudienceProps = getCollectionProps(fields.emailAudience, { type: 'radio', options: ['subscribers', 'list'] })
  const { key: subscribersKey, ...subscribersProps } = emailAudienceProps[0]
  const { key: listKey, ...listProps } = emailAudienceProps[1]
  const titleId = `compose-${topic.id}-title`
  const reachId = `compose-${topic.id}-reach`
  return (
    <section className="staff-updates__form" id={`compose-${topic.id}`} aria-labelledby={titleId}>
      <h4 id={titleId}>New update in {topic.subject}</h4>
      <Form method="post" {...getFormProps(form)} onChange={onChange} className="form form--wide staff-updates__composer" preventScrollReset>
        <input type="hidden" name="intent" value="update-create" />
        <input type="hidden" name="topicId" value={topic.id} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          field={fields.title}
          label="Title"
          maxLength={UPDATE_TITLE_MAX}
          hint="One line: the Trust Center's list, its banner, the feed and the e-mail's subject name the update by it."
        />
        <TextareaField field={fields.message} label="Message" rows={5} maxLength={UPDATE_MESSAGE_MAX} />

        <AudienceField field={fields.audience} />

        <fieldset className="field staff-updates__choices" aria-describedby={fields.channels.errors ? fields.channels.errorId : undefined}>
          <legend>Publish on</legend>
          <CheckboxField field={fields.channelPortal} className="staff-updates__choice">
            Trust Center
          </CheckboxField>
          <CheckboxField field={fields.channelEmail} className="staff-updates__choice">
            Email
          </CheckboxField>
          <FieldErrors errors={fields.channels.errors} id={fields.channels.errorId} />
        </fieldset>

        <div className="staff-updates__email">
          <fieldset
            className="field staff-updates__choices staff-updates__choices--stacked"
            aria-describedby={fields.emailAudience.errors ? fields.emailAudience.errorId : undefined}
          >
            <legend>Send the e-mail to</legend>
            <label className="checkbox" htmlFor={subscribersProps.id}>
              <input {...subscribersProps} key={subscribersKey} aria-describedby={reachId} />
              All confirmed subscribers
            </label>
            <p className="staff-updates__reach" id={reachId} aria-live="polite">
              {reachText(reach, hydrated ? choice.audience : null)}
              {hydrated && choice.audience === 'private' ? ' A private update goes only to subscribers who are members of an account with access.' : ''}
            </p>
            <label className="checkbox" htmlFor={listProps.id}>
              <input {...listProps} key={listKey} />
              An audience list
            </label>
            <FieldErrors errors={fields.emailAudience.errors} id={fields.emailAudience.errorId} />
          </fieldset>
          <div className="staff-updates__list-field">
            <TextareaField
              field={fields.audienceEmails}
              label="Audience list"
              rows={5}
              hint={`E-mail addresses separated by commas, spaces or new lines; at most ${AUDIENCE_EMAILS_MAX.toLocaleString('en-US')}. Each address gets the e-mail once.`}
            />
            {hydrated && choice.list ? (
              <p className="staff-updates__reach" aria-live="polite">
                {choice.listCount === 1 ? 'This e-mail will go to 1 address.' : `This e-mail will go to ${choice.listCount.toLocaleString('en-US')} addresses.`}
              </p>
            ) : null}
          </div>
          <p className="field__hint">The e-mail is sent once, when you publish; editing the update later does not send it again.</p>
        </div>

        <div className="staff-updates__buttons">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Publishing…' : 'Publish update'}
          </button>
          <Link to={closeHref} className="button button--secondary" preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  )
}
