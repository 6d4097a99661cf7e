// The Accounts page's permission profiles: each product's list, and the editor that creates or changes one.
import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { createProfileSchema, PROFILE_CARD_KIND_LABELS, PROFILE_CARD_KINDS, updateProfileSchema } from '~/lib/schemas/accounts'
import { DEFAULT_CARD_TITLES, isCardKind } from '~/lib/card-kinds'
import { StaffTable } from '~/components/ui/staff-table'

type Product = Route.ComponentProps['loaderData']['products'][number]

/** What a profile grants, in a line. */
function grantSummary(profile: Product['profiles'][number], product: Product) {
  if (profile.allRestricted) return 'All restricted content'
  const kinds = profile.cardKinds.map((kind) => PROFILE_CARD_KIND_LABELS[kind] ?? kind)
  const titles = new Map(product.restrictedItems.map((item) => [item.uid, item.title]))
  const items = profile.itemUids.map((uid) => titles.get(uid)).filter((title): title is string => Boolean(title))
  const parts = [...kinds, ...items]
  return parts.length ? parts.join(', ') : 'Nothing restricted'
}

export function ProfileList({ product, multiple }: { product: Product; multiple: boolean }) {
  return (
    <div className="profile-list">
      {multiple ? <h3>{product.name}</h3> : null}
      {product.profiles.length ? (
        <StaffTable label={`Permission profiles of ${product.name}`} columns={['Profile', 'Grants', 'Downloads', 'Used by', { hidden: 'Actions' }]}>
          {product.profiles.map((profile) => (
            <tr key={profile.id}>
              <th scope="row">{profile.name}</th>
              <td>{grantSummary(profile, product)}</td>
              <td>{profile.canDownload ? 'Allowed' : 'View only'}</td>
              <td>
                {profile.usedBy ? `${profile.usedBy} ${profile.usedBy === 1 ? 'account' : 'accounts'}` : 'No account'}
                {profile.autoApproval ? <span className="tag">Auto-approval</span> : null}
              </td>
              <td>
                <div className="profile-list__actions">
                  <Link className="button button--secondary button--small" to={`/accounts?profile=${profile.id}#profile-editor`} aria-label={`Edit ${profile.name}`}>
                    Edit
                  </Link>
                  <Link className="button button--secondary button--small" to={`${product.portalPath}?permissionProfileId=${profile.id}`} aria-label={`Preview ${profile.name}`}>
                    Preview
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="profile-delete" />
                    <input type="hidden" name="profileId" value={profile.id} />
                    <button type="submit" className="button button--danger button--small" aria-label={`Delete ${profile.name}`}>
                      Delete
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p className="field__hint">No permission profile yet.</p>
      )}
      <Link className="button button--primary button--small" to={`/accounts?profile=new&product=${product.id}#profile-editor`} aria-label={`New profile for ${product.name}`}>
        New profile
      </Link>
    </div>
  )
}

export function ProfileEditor({ product, profile, lastResult }: { product: Product; profile: Product['profiles'][number] | null; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation()
  const schema = profile ? updateProfileSchema : createProfileSchema
  const [form, fields] = useForm({
    id: 'profile-editor-form',
    lastResult,
    defaultValue: {
      name: profile?.name ?? '',
      allRestricted: profile?.allRestricted ?? false,
      cardKinds: profile?.cardKinds ?? [],
      itemUids: profile?.itemUids ?? [],
      canDownload: profile?.canDownload ?? true,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
  })
  const kindProps = getCollectionProps(fields.cardKinds, { type: 'checkbox', options: [...PROFILE_CARD_KINDS] })
  const itemProps = getCollectionProps(fields.itemUids, { type: 'checkbox', options: product.restrictedItems.map((item) => item.uid) })
  const groups = new Map<string, { title: string; props: (typeof itemProps)[number] }[]>()
  product.restrictedItems.forEach((item, index) => {
    const group = groups.get(item.cardKind) ?? []
    group.push({ title: item.title, props: itemProps[index] })
    groups.set(item.cardKind, group)
  })
  const title = profile ? `Edit ${profile.name}` : `New permission profile for ${product.name}`
  return (
    <section className="panel profile-editor" id="profile-editor" aria-labelledby="profile-editor-title">
      <h2 id="profile-editor-title">{title}</h2>
      <Form method="post" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value={profile ? 'profile-update' : 'profile-create'} />
        {profile ? <input type="hidden" name="profileId" value={profile.id} /> : <input type="hidden" name="productId" value={product.id} />}
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.name.id}>Name</label>
          <input {...getInputProps(fields.name, { type: 'text' })} maxLength={100} />
          <FieldErrors errors={fields.name.errors} id={fields.name.errorId} />
        </div>
        <label className="checkbox" htmlFor={fields.allRestricted.id}>
          <input {...getInputProps(fields.allRestricted, { type: 'checkbox' })} />
          All restricted content
        </label>
        <fieldset className="field profile-editor__choices" aria-describedby={fields.cardKinds.errors ? fields.cardKinds.errorId : undefined}>
          <legend>Card kinds</legend>
          <div className="profile-editor__grid">
            {kindProps.map(({ key, ...props }) => (
              <label key={key} className="checkbox" htmlFor={props.id}>
                <input {...props} />
                {PROFILE_CARD_KIND_LABELS[props.value] ?? props.value}
              </label>
            ))}
          </div>
          <FieldErrors errors={fields.cardKinds.errors} id={fields.cardKinds.errorId} />
        </fieldset>
        <fieldset className="field profile-editor__choices" aria-describedby={fields.itemUids.errors ? fields.itemUids.errorId : undefined}>
          <legend>Single items</legend>
          {product.restrictedItems.length === 0 ? <p className="field__hint">This product has no restricted items.</p> : null}
          {[...groups].map(([kind, items]) => (
            <div key={kind} className="profile-editor__group">
              <p className="profile-editor__kind">{isCardKind(kind) ? DEFAULT_CARD_TITLES[kind] : kind}</p>
              <div className="profile-editor__grid">
                {items.map(({ title: itemTitle, props: { key, ...props } }) => (
                  <label key={key} className="checkbox" htmlFor={props.id}>
                    <input {...props} />
                    {itemTitle}
                  </label>
                ))}
              </div>
            </div>
          ))}
          <FieldErrors errors={fields.itemUids.errors} id={fields.itemUids.errorId} />
        </fieldset>
        <label className="checkbox" htmlFor={fields.canDownload.id}>
          <input {...getInputProps(fields.canDownload, { type: 'checkbox' })} />
          Allow downloads
        </label>
        <div className="profile-editor__actions">
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {profile ? 'Save profile' : 'Create profile'}
          </button>
          <Link to="/accounts" className="button button--secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  )
}
