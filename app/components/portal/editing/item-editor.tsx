import { useState, type ReactNode } from 'react'
import { Form, Link, useActionData, useLocation, useNavigation } from 'react-router'
import { ALWAYS_PUBLIC_KINDS, MATURITY_LEVELS, RENAME_EXCLUDED, RECURRENCES, RECURRENCE_LABELS, type ItemField } from '~/lib/card-kinds'
import { DOCUMENT_ITEM_TYPES } from '~/lib/catalogue/documents'
import { QUESTIONNAIRE_ITEM_TYPES } from '~/lib/catalogue/questionnaires'
import { duplicateTitle, itemFieldName, LOCKED_SUMMARY_MAX, LOCKED_TYPE_MAX } from '~/lib/item-editor'
import type { CardView, ItemEditorView, PortalView } from '../types'
import { isRecoveryQuestion, parseCustomRecovery, RECOVERY_UNITS, riskQuestion } from '~/lib/risk-profile'
import { GRADE_PROVIDERS } from '~/lib/security-grades'
import { formatDate, withQuery } from '~/lib/format'
import { DocumentLinksField } from './document-links'
import { dialogHref } from './links'

type Errors = Record<string, string[] | null | undefined>

/**
 * The Edit / Cancel / Save drawer body: one form for every item of the card. Leaving with unsaved
 * changes asks first; a failed save shows 'Save error' above the form, which reloads from the server.
 */
export function ItemEditorForm({ view, card, items }: { view: PortalView; card: CardView; items: ItemEditorView[] }) {
  const location = useLocation()
  const navigation = useNavigation()
  const actionData = useActionData() as { intent?: string; result?: { error?: Errors } } | undefined
  const errors: Errors = actionData?.intent === 'items.save' ? (actionData.result?.error ?? {}) : {}
  const [dirty, setDirty] = useState(false)
  const cancelHref = withQuery(location.pathname, location.search, { edit: null })
  const confirmLeave = (event: React.MouseEvent) => {
    if (dirty && !window.confirm('You have unsaved changes. Discard them?')) event.preventDefault()
  }
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'items.save'
  return (
    <Form method="post" className="item-editor" onChange={() => setDirty(true)} data-dirty={dirty ? 'true' : undefined} preventScrollReset>
      <input type="hidden" name="intent" value="items.save" />
      <input type="hidden" name="kind" value={card.kind} />
      <input type="hidden" name="returnTo" value={cancelHref} />
      <div className="item-editor__bar">
        {errors['']?.length ? (
          <p className="form__error" role="alert">
            {errors[''].join(' ')}
          </p>
        ) : null}
        {!RENAME_EXCLUDED.includes(card.kind) && !['Overview', 'TrustedBy', 'Subprocessors', 'Documents'].includes(card.kind) ? (
          <div className="field">
            <label htmlFor="card-title">Card name</label>
            <input id="card-title" name="cardTitle" defaultValue={card.title} placeholder="Type card name..." maxLength={100} aria-invalid={errors.cardTitle ? true : undefined} />
            <FieldError errors={errors.cardTitle} />
          </div>
        ) : null}
        <div className="item-editor__actions">
          <Link to={dialogHref(location, 'addCustomItem', card.kind)} preventScrollReset className="button button--secondary button--small">
            Add custom item
          </Link>
          <Link to={cancelHref} preventScrollReset className="button button--secondary" onClick={confirmLeave}>
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      {card.kind === 'Documents' && view.editor?.documentKinds?.length ? <DocumentKinds kinds={view.editor.documentKinds} /> : null}
      {items.map((item) => (
        <ItemFields key={item.uid} item={item} items={items} errors={errors} library={view.editor?.library ?? null} />
      ))}
    </Form>
  )
}

/** The Documents card gathers documents from every card: each kind's count, edited on its own card. */
function DocumentKinds({ kinds }: { kinds: { kind: string; title: string; count: number }[] }) {
  const location = useLocation()
  const leave = (event: React.MouseEvent) => {
    const dirty = (event.currentTarget as HTMLElement).closest('form')?.getAttribute('data-dirty') === 'true'
    if (dirty && !window.confirm('You have unsaved changes. Discard them?')) event.preventDefault()
  }
  return (
    <section className="document-kinds" aria-labelledby="document-kinds-title">
      <h3 id="document-kinds-title">Documents from other cards</h3>
      <ul>
        {kinds.map((entry) => (
          <li key={entry.kind}>
            <span>
              {entry.title} <span className="tag">{entry.count}</span>
            </span>
            <Link to={withQuery(location.pathname, '', { card: entry.kind, edit: 'true' })} onClick={leave} aria-label={`Edit the documents of ${entry.title}`}>
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function FieldError({ errors, id }: { errors?: string[] | null; id?: string }) {
  return errors?.length ? (
    <p className="field__error" id={id}>
      {errors.join(' ')}
    </p>
  ) : null
}

function Field({ label, name, errors, children, hint }: { label: string; name: string; errors: Errors; children: ReactNode; hint?: string }) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      <FieldError errors={errors[name]} id={`${name}-error`} />
    </div>
  )
}

const invalid = (errors: Errors, name: string) => (errors[name]?.length ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})

/** `library` is null for a member without files:view, who sees linked documents but may not link or unlink them. */
function ItemFields({ item, items, errors, library }: { item: ItemEditorView; items: ItemEditorView[]; errors: Errors; library: { id: string; name: string }[] | null }) {
  const name = (field: string) => itemFieldName(item.uid, field)
  const has = (field: ItemField) => item.fields.includes(field)
  const alwaysPublic = ALWAYS_PUBLIC_KINDS.includes(item.kind)
  const [title, setTitle] = useState(item.title)
  const [publicAccess, setPublicAccess] = useState(item.publicAccess)
  const titleId = `edit-${item.uid}-title`
  const duplicate =
    item.custom &&
    duplicateTitle(
      items.map((entry) => ({ uid: entry.uid, title: entry.title })),
      item.uid,
      title,
    )
  const itemTypes = item.kind === 'Questionnaires' ? QUESTIONNAIRE_ITEM_TYPES : item.kind === 'Documents' ? DOCUMENT_ITEM_TYPES : []
  return (
    <fieldset className="item-fields" aria-labelledby={titleId} id={`edit-${item.uid}`}>
      <input type="hidden" name={name('present')} value="1" />
      <div className="item-fields__header">
        <h3 id={titleId}>{title || item.title}</h3>
        {item.custom ? <span className="tag">Custom</span> : null}
        {publicAccess || alwaysPublic ? <span className="tag">Public Access</span> : null}
      </div>
      {item.guidance ? <p className="item-fields__guidance">{item.guidance.short}</p> : null}
      <div className="item-fields__grid">
        {alwaysPublic ? null : (
          <Field label="Status" name={name('enabledState')} errors={errors}>
            <select id={name('enabledState')} name={name('enabledState')} defaultValue={item.enabledState}>
              <option value="Enabled">Enabled</option>
              <option value="WorkInProgress">In Progress</option>
              <option value="NotEnabled">Not enabled</option>
            </select>
          </Field>
        )}
        <Field label="Title" name={name('title')} errors={errors}>
          <input id={name('title')} name={name('title')} value={title} onChange={(event) => setTitle(event.target.value)} maxLength={100} {...invalid(errors, name('title'))} />
        </Field>
      </div>
      {duplicate ? (
        <p className="field__warning" role="status">
          Another item in this card is already titled “{title}”.
        </p>
      ) : null}
      {has('explanation') || has('choices') ? (
        <Field label="Explanation" name={name('explanation')} errors={errors}>
          <textarea id={name('explanation')} name={name('explanation')} defaultValue={item.explanation} rows={3} maxLength={5000} {...invalid(errors, name('explanation'))} />
        </Field>
      ) : null}
      <div className="item-fields__grid">
        {has('link') ? (
          <Field label="Link" name={name('href')} errors={errors}>
            <input id={name('href')} name={name('href')} type="url" defaultValue={item.href} placeholder="https://" {...invalid(errors, name('href'))} />
          </Field>
        ) : null}
        {has('type') ? (
          <Field label="Item type" name={name('itemType')} errors={errors}>
            <select id={name('itemType')} name={name('itemType')} defaultValue={item.itemType} {...invalid(errors, name('itemType'))}>
              <option value="">Select an item type</option>
              {itemTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {has('auditor') ? (
          <Field label="Auditor" name={name('auditor')} errors={errors}>
            <input id={name('auditor')} name={name('auditor')} defaultValue={item.auditor} maxLength={200} />
          </Field>
        ) : null}
        {has('expiry') ? (
          <Field label="Expiration date" name={name('expiresOn')} errors={errors}>
            <input id={name('expiresOn')} name={name('expiresOn')} type="date" defaultValue={item.expiresOn} {...invalid(errors, name('expiresOn'))} />
          </Field>
        ) : null}
        {has('maturity') ? (
          <Field label="Maturity" name={name('maturity')} errors={errors}>
            <select id={name('maturity')} name={name('maturity')} defaultValue={item.maturity}>
              <option value="">Not set</option>
              {MATURITY_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {has('recurrence') ? (
          <Field label="Frequency" name={name('recurrence')} errors={errors}>
            <select id={name('recurrence')} name={name('recurrence')} defaultValue={item.recurrence}>
              <option value="">Not set</option>
              {RECURRENCES.map((value) => (
                <option key={value} value={value}>
                  {RECURRENCE_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      {item.integration ? (
        <Field
          label={`${item.integration.provider} link`}
          name={name('integrationLink')}
          errors={errors}
          hint={item.integration.provider === 'HackerOne' ? 'Your program page, e.g. hackerone.com/acme' : 'Your status page, e.g. https://acme.statuspage.io'}
        >
          <input id={name('integrationLink')} name={name('integrationLink')} defaultValue={item.integration.link} {...invalid(errors, name('integrationLink'))} />
        </Field>
      ) : null}
      {has('choices') && item.question ? <RiskChoice item={item} errors={errors} /> : null}
      {has('listEntries') && item.provider ? <GradeEntries item={item} errors={errors} /> : null}
      {has('bridgeLetter') && item.bridgeLetter ? <BridgeLetter item={item} errors={errors} /> : null}
      {has('file') ? (
        <div className="field">
          <span className="field__label">Documents</span>
          {library ? (
            <DocumentLinksField fieldPrefix={name('')} linked={item.files} library={library} hideLegend />
          ) : item.files.length ? (
            <ul className="document-links__list">
              {item.files.map((file) => (
                <li key={file.id} className="document-links__entry">
                  <span className="document-links__name">{file.name}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="document-links__empty">No documents linked yet.</p>
          )}
          <FieldError errors={errors[name('file')]} />
        </div>
      ) : null}
      {alwaysPublic ? null : (
        <div className="item-fields__access">
          <label className="checkbox">
            <input type="checkbox" name={name('publicAccess')} defaultChecked={item.publicAccess} onChange={(event) => setPublicAccess(event.target.checked)} />
            Public access (anyone can see this item and its documents)
          </label>
          {has('file') ? (
            <label className="checkbox">
              <input type="checkbox" name={name('featured')} defaultChecked={item.featured} />
              Featured document (shown first in Documents)
            </label>
          ) : null}
          {!publicAccess ? (
            <label className="checkbox">
              <input type="checkbox" name={name('hidden')} defaultChecked={item.hidden} />
              Hidden (invisible to everyone without a grant)
            </label>
          ) : null}
          {!publicAccess ? <LockedNoteFields item={item} errors={errors} /> : null}
        </div>
      )}
      <p className="item__footer">
        Modified at {formatDate(item.lastModified.on)}
        {item.lastModified.by ? ` by ${item.lastModified.by}` : ''}
      </p>
    </fieldset>
  )
}

/** What visitors without access read of a restricted item instead of its content (decision 057). */
function LockedNoteFields({ item, errors }: { item: ItemEditorView; errors: Errors }) {
  const name = (field: string) => itemFieldName(item.uid, field)
  return (
    <fieldset className="item-fields__locked">
      <legend>Shown to visitors without access</legend>
      <Field label="Summary" name={name('lockedSummary')} errors={errors} hint="One line about what this is. Never the restricted content itself.">
        <input
          id={name('lockedSummary')}
          name={name('lockedSummary')}
          defaultValue={item.lockedSummary}
          maxLength={LOCKED_SUMMARY_MAX}
          {...invalid(errors, name('lockedSummary'))}
        />
      </Field>
      <div className="form-grid">
        <Field label="Type" name={name('lockedType')} errors={errors} hint="For example: Audit report">
          <input id={name('lockedType')} name={name('lockedType')} defaultValue={item.lockedType} maxLength={LOCKED_TYPE_MAX} {...invalid(errors, name('lockedType'))} />
        </Field>
        <Field label="Date" name={name('lockedDate')} errors={errors}>
          <input id={name('lockedDate')} name={name('lockedDate')} type="date" defaultValue={item.lockedDate} {...invalid(errors, name('lockedDate'))} />
        </Field>
      </div>
    </fieldset>
  )
}

function RiskChoice({ item, errors }: { item: ItemEditorView; errors: Errors }) {
  const name = (field: string) => itemFieldName(item.uid, field)
  const question = riskQuestion(item.question!)
  const custom = parseCustomRecovery(item.choice)
  const [choice, setChoice] = useState(custom ? 'custom' : item.choice)
  const recovery = isRecoveryQuestion(item.question!)
  return (
    <fieldset className="field">
      <legend>Answer</legend>
      <div className="choice-list">
        <label className="checkbox">
          <input type="radio" name={name('choice')} value="" checked={choice === ''} onChange={() => setChoice('')} />
          No Answer
        </label>
        {question?.options.map((option) => (
          <label className="checkbox" key={option.value}>
            <input type="radio" name={name('choice')} value={option.value} checked={choice === option.value} onChange={() => setChoice(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
      {recovery ? (
        <div className="item-fields__grid">
          <Field label="Custom value" name={name('customNumber')} errors={errors}>
            <input
              id={name('customNumber')}
              name={name('customNumber')}
              type="number"
              min={0}
              max={99}
              defaultValue={custom?.number ?? 12}
              {...invalid(errors, name('customNumber'))}
            />
          </Field>
          <Field label="Unit" name={name('customUnit')} errors={errors}>
            <select id={name('customUnit')} name={name('customUnit')} defaultValue={custom?.unit ?? 'hours'}>
              {RECOVERY_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </Field>
        </div>
      ) : null}
      <FieldError errors={errors[name('choice')]} />
    </fieldset>
  )
}

function GradeEntries({ item, errors }: { item: ItemEditorView; errors: Errors }) {
  const name = (field: string) => itemFieldName(item.uid, field)
  const provider = GRADE_PROVIDERS[item.provider!]
  // One blank row to add an entry; more rows appear after saving.
  const rows = [...item.gradeEntries, { label: '', description: '', url: '', grade: '' }]
  return (
    <fieldset className="field">
      <legend>{provider.name} grades</legend>
      <input type="hidden" name={name('gradeCount')} value={rows.length} />
      {rows.map((entry, index) => (
        <div className="item-fields__grid grade-row" key={index}>
          <Field label={`Label ${index + 1}`} name={name(`grade.${index}.label`)} errors={errors}>
            <input id={name(`grade.${index}.label`)} name={name(`grade.${index}.label`)} defaultValue={entry.label} {...invalid(errors, name(`grade.${index}.label`))} />
          </Field>
          <Field label={`Description ${index + 1}`} name={name(`grade.${index}.description`)} errors={errors}>
            <input id={name(`grade.${index}.description`)} name={name(`grade.${index}.description`)} defaultValue={entry.description} />
          </Field>
          <Field label={`URL ${index + 1}`} name={name(`grade.${index}.url`)} errors={errors} hint={provider.urlPrefix ? `Starts with ${provider.urlPrefix}` : undefined}>
            <input id={name(`grade.${index}.url`)} name={name(`grade.${index}.url`)} defaultValue={entry.url} {...invalid(errors, name(`grade.${index}.url`))} />
          </Field>
          <Field label={`Grade ${index + 1}`} name={name(`grade.${index}.grade`)} errors={errors} hint={provider.gradeHint}>
            <input
              id={name(`grade.${index}.grade`)}
              name={name(`grade.${index}.grade`)}
              defaultValue={entry.grade}
              placeholder={provider.gradePlaceholder}
              {...invalid(errors, name(`grade.${index}.grade`))}
            />
          </Field>
        </div>
      ))}
    </fieldset>
  )
}

function BridgeLetter({ item, errors }: { item: ItemEditorView; errors: Errors }) {
  const name = (field: string) => itemFieldName(item.uid, field)
  const letter = item.bridgeLetter!
  return (
    <fieldset className="field">
      <legend>Bridge letter</legend>
      <label className="checkbox">
        <input type="checkbox" name={name('letterEnabled')} defaultChecked={letter.letterEnabled} />
        Offer a bridge letter
      </label>
      <Field label="Letter Content" name={name('letterContent')} errors={errors}>
        <textarea id={name('letterContent')} name={name('letterContent')} defaultValue={letter.letterContent} rows={4} {...invalid(errors, name('letterContent'))} />
      </Field>
      <div className="item-fields__grid">
        <Field label="Signer Name" name={name('signerName')} errors={errors}>
          <input id={name('signerName')} name={name('signerName')} defaultValue={letter.signerName} {...invalid(errors, name('signerName'))} />
        </Field>
        <Field label="Signer Title" name={name('signerTitle')} errors={errors}>
          <input id={name('signerTitle')} name={name('signerTitle')} defaultValue={letter.signerTitle} {...invalid(errors, name('signerTitle'))} />
        </Field>
        <Field label="Letter type" name={name('letterType')} errors={errors}>
          <select id={name('letterType')} name={name('letterType')} defaultValue={letter.letterType}>
            <option value="SOC 1">SOC 1</option>
            <option value="SOC 2">SOC 2</option>
          </select>
        </Field>
      </div>
    </fieldset>
  )
}
