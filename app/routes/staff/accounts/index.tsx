import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import {
  createPermissionProfile,
  deletePermissionProfile,
  extendAccountAccess,
  loadAccountsPage,
  MAX_ACCOUNT_PAGE,
  removeAccountMember,
  revokeAccountAccess,
  updateAccountAccess,
  updatePermissionProfile,
  type ChangeResult,
} from '@server/accounts/accounts'
import { listDocumentsOpened, MAX_ANALYTICS_PAGE } from '@server/analytics/documents'
import { answerChange, invalidForm } from '@server/http/change-answer'
import { requireStaff } from '@server/auth/require'
import { parseForm, readForm } from '@server/http/forms'
import { integerParam, isUuid } from '@server/http/query'
import { accountPath, viaLabel } from '~/lib/analytics'
import { FieldErrors, FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { formatDateTime } from '~/lib/format'
import { dateInputValue } from '~/lib/schemas/access-requests'
import {
  ACCOUNT_ACCESS_FILTERS,
  ACCOUNT_SEARCH_MAX,
  accountFilters,
  accountsPath,
  createProfileSchema,
  deleteProfileSchema,
  extendAccessSchema,
  PROFILE_CARD_KIND_LABELS,
  PROFILE_CARD_KINDS,
  removeAccountMemberSchema,
  revokeAccessSchema,
  updateAccessSchema,
  updateProfileSchema,
} from '~/lib/schemas/accounts'
import { DEFAULT_CARD_TITLES, isCardKind } from '~/lib/card-kinds'
import { SelectField } from '~/components/ui/fields'
import { SearchIcon } from '~/components/icons'
import { Pager } from '~/components/ui/pager'
import { When } from '~/components/ui/when'

/** The list's page number from the query string, clamped. */
const pageParam = (search: URLSearchParams) => integerParam(search, 'page', { min: 1, max: MAX_ACCOUNT_PAGE, fallback: 1 })

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'accounts')
  const search = new URL(request.url).searchParams
  // An account's own page (?account=ID): only that account, with every document its members opened, paged.
  const accountId = search.get('account')
  const page = await loadAccountsPage(context.db, staff.orgId, { filters: accountFilters(search), page: pageParam(search), accountId: isUuid(accountId) ? accountId : null })
  const focused = page.focused ? page.accounts[0] : undefined
  const focus = focused
    ? { accountId: focused.id, ...(await listDocumentsOpened(context.db, staff.orgId, focused.id, integerParam(search, 'opened', { min: 1, max: MAX_ANALYTICS_PAGE, fallback: 1 }))) }
    : null
  // The profile editor: ?profile=new&product=ID creates, ?profile=ID edits.
  const wanted = search.get('profile')
  let editor: { mode: 'create'; productId: string } | { mode: 'edit'; productId: string; profileId: string } | null = null
  if (wanted === 'new') {
    const product = page.products.find((entry) => entry.id === search.get('product')) ?? (page.products.length === 1 ? page.products[0] : undefined)
    if (product) editor = { mode: 'create', productId: product.id }
  } else if (wanted) {
    const product = page.products.find((entry) => entry.profiles.some((profile) => profile.id === wanted))
    if (product) editor = { mode: 'edit', productId: product.id, profileId: wanted }
  }
  return { ...page, focus, editor, today: dateInputValue(new Date()) }
}

type Submission = Parameters<typeof invalidForm>[0]

const answer = (env: Route.ActionArgs['context']['env'], back: string, intent: string, submission: Submission, outcome: ChangeResult, target?: string) =>
  answerChange(env, outcome, submission, { intent, target }, back, '/accounts')
const invalid = (intent: string, submission: Submission, target?: string) => invalidForm(submission, { intent, target })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'accounts')
  const formData = await readForm(request)
  const { db, env } = context
  // Back to the list as it was filtered and paged (an editor or an account's own page closes).
  const search = new URL(request.url).searchParams
  const back = accountsPath({ ...accountFilters(search), page: pageParam(search) })
  const intent = String(formData.get('intent') ?? '')
  const accessTarget = `${String(formData.get('accountId') ?? '').slice(0, 40)}:${String(formData.get('productId') ?? '').slice(0, 40)}`
  switch (intent) {
    case 'access': {
      const submission = parseForm(formData, updateAccessSchema)
      if (submission.status !== 'success') return invalid(intent, submission, accessTarget)
      return answer(env, back, intent, submission, await updateAccountAccess(db, staff, submission.value), accessTarget)
    }
    case 'extend': {
      const submission = parseForm(formData, extendAccessSchema)
      if (submission.status !== 'success') return invalid(intent, submission, accessTarget)
      return answer(env, back, intent, submission, await extendAccountAccess(db, staff, submission.value), accessTarget)
    }
    case 'revoke': {
      const submission = parseForm(formData, revokeAccessSchema)
      if (submission.status !== 'success') return invalid(intent, submission, accessTarget)
      return answer(env, back, intent, submission, await revokeAccountAccess(db, staff, submission.value), accessTarget)
    }
    case 'remove-member': {
      const submission = parseForm(formData, removeAccountMemberSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      return answer(env, back, intent, submission, await removeAccountMember(db, staff, submission.value.memberId))
    }
    case 'profile-create': {
      const submission = parseForm(formData, createProfileSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      const { productId, intent: _, ...fields } = submission.value
      return answer(env, back, intent, submission, await createPermissionProfile(db, staff, productId, fields))
    }
    case 'profile-update': {
      const submission = parseForm(formData, updateProfileSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      const { profileId, intent: _, ...fields } = submission.value
      return answer(env, back, intent, submission, await updatePermissionProfile(db, staff, profileId, fields))
    }
    case 'profile-delete': {
      const submission = parseForm(formData, deleteProfileSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      return answer(env, back, intent, submission, await deletePermissionProfile(db, staff, submission.value.profileId), String(submission.value.profileId))
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

type LoaderData = Route.ComponentProps['loaderData']
type Account = LoaderData['accounts'][number]
type Product = LoaderData['products'][number]


export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { accounts, products, editor, focus, filter, total, pageCount } = loaderData
  const filtered = filter.q !== '' || filter.access !== 'all'
  const actionData = useActionData<typeof action>()
  const isProfileForm = actionData?.intent === 'profile-create' || actionData?.intent === 'profile-update'
  // Errors of the row forms are said next to the row; the rest at the top of their section.
  const accessErrors = (accountId: string, productId: string) =>
    actionData && ['access', 'extend', 'revoke'].includes(actionData.intent) && actionData.target === `${accountId}:${productId}` ? submissionErrors(actionData.result) : undefined
  const accountErrors =
    actionData && (actionData.intent === 'remove-member' || (['access', 'extend', 'revoke'].includes(actionData.intent) && !accounts.some((account) => account.access.some((entry) => actionData.target === `${account.id}:${entry.productId}`))))
      ? submissionErrors(actionData.result)
      : undefined
  const profileErrors = actionData?.intent === 'profile-delete' || (isProfileForm && !editor) ? submissionErrors(actionData.result) : undefined
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Accounts</h1>
        <p>Customer companies with access to restricted content, their members, and the permission profiles that say what they can see.</p>
      </header>

      <section className="panel" aria-labelledby="accounts-title">
        <h2 id="accounts-title">Accounts</h2>
        {focus ? (
          <p>
            <Link to="/accounts">All accounts</Link>
          </p>
        ) : null}
        {focus ? null : <AccountFilter filter={filter} />}
        <FormErrors errors={accountErrors} />
        {accounts.length === 0 ? <p className="empty">{filtered ? 'No accounts match this search.' : 'No accounts yet. Approving an access request creates one.'}</p> : null}
        <div className="account-list">
          {accounts.map((account) => (
            <AccountView key={account.id} account={account} loaderData={loaderData} errorsFor={accessErrors} />
          ))}
        </div>
        {pageCount > 1 ? (
          <Pager label="Account pages" previous={filter.page > 1 ? accountsPath({ ...filter, page: filter.page - 1 }) : null} next={filter.page < pageCount ? accountsPath({ ...filter, page: filter.page + 1 }) : null}>
            Page {filter.page} of {pageCount} ({total.toLocaleString('en-US')} {total === 1 ? 'account' : 'accounts'})
          </Pager>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="profiles-title" id="profiles">
        <h2 id="profiles-title">Permission profiles</h2>
        <p className="field__hint">A profile is what an account of a product can see: whole card kinds, single restricted items, or all restricted content, and whether documents may be downloaded.</p>
        <FormErrors errors={profileErrors} />
        {products.map((product) => (
          <ProfileList key={product.id} product={product} multiple={products.length > 1} />
        ))}
      </section>

      {editor ? (
        <ProfileEditor
          key={editor.mode === 'edit' ? editor.profileId : `new-${editor.productId}`}
          product={products.find((product) => product.id === editor.productId)!}
          profile={editor.mode === 'edit' ? products.find((product) => product.id === editor.productId)!.profiles.find((profile) => profile.id === editor.profileId)! : null}
          lastResult={isProfileForm ? actionData.result : undefined}
        />
      ) : null}
    </div>
  )
}

/** Search and access state: a GET form, so it filters with a submit without JavaScript. */
function AccountFilter({ filter }: { filter: LoaderData['filter'] }) {
  const filtered = filter.q !== '' || filter.access !== 'all'
  return (
    <Form method="get" className="account-filter" role="search" key={`${filter.q}|${filter.access}`}>
      <div className="field">
        <label htmlFor="account-search">Search by name, domain or member e-mail</label>
        <span className="search-field">
          <SearchIcon size={16} />
          <input id="account-search" type="search" name="q" defaultValue={filter.q} maxLength={ACCOUNT_SEARCH_MAX} />
        </span>
      </div>
      <SelectField id="account-access" name="access" label="Access" options={ACCOUNT_ACCESS_FILTERS} defaultValue={filter.access} />
      <button type="submit" className="button button--secondary">
        Filter
      </button>
      {filtered ? (
        <Link to="/accounts" className="button button--secondary">
          Clear
        </Link>
      ) : null}
    </Form>
  )
}

function AccountView({ account, loaderData, errorsFor }: { account: Account; loaderData: LoaderData; errorsFor: (accountId: string, productId: string) => string[] | undefined }) {
  const { orgSlug, products, ndaType } = loaderData
  const titleId = `account-${account.id}`
  return (
    <section className="account" aria-labelledby={titleId}>
      <header className="account__header">
        <h3 id={titleId}>{account.name}</h3>
        {account.domains.length ? <span className="account__domains">{account.domains.join(', ')}</span> : null}
        <Link className="button button--secondary button--small account__preview" to={`/portal/${orgSlug}?accountId=${account.id}`} aria-label={`Preview as ${account.name}`}>
          Preview
        </Link>
      </header>

      {account.access.length ? (
        <table className="data-table account__access" aria-label={`Access of ${account.name}`}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Permission profile</th>
              <th scope="col">Access expires</th>
              <th scope="col">NDA required</th>
              <th scope="col">NDA status</th>
            </tr>
          </thead>
          <tbody>
            {account.access.map((entry) => (
              <tr key={entry.productId}>
                <th scope="row">{entry.productName}</th>
                <td>{entry.profileName}</td>
                <td>
                  <When at={entry.expiresAt} />{' '}
                  {entry.expired ? <span className="tag tag--warning">Expired</span> : null}
                </td>
                <td>{entry.ndaRequired ? 'Yes' : 'No'}</td>
                <td>
                  <NdaStatus account={account} required={entry.ndaRequired} ndaType={ndaType} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="field__hint">No access to any product.</p>
      )}

      {account.access.map((entry) => (
        <AccessForms key={entry.productId} account={account} entry={entry} product={products.find((product) => product.id === entry.productId)} loaderData={loaderData} errors={errorsFor(account.id, entry.productId)} />
      ))}

      <table className="data-table account__members" aria-label={`Members of ${account.name}`}>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Email</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {account.members.map((member) => (
            <tr key={member.id}>
              <th scope="row">
                {member.name} {member.isAutoApproved ? <span className="tag">Automatically gained</span> : null}
              </th>
              <td>{member.email}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="memberId" value={member.id} />
                  <button type="submit" className="button button--danger button--small" aria-label={`Remove ${member.name}`}>
                    Remove
                  </button>
                </Form>
              </td>
            </tr>
          ))}
          {account.members.length === 0 ? (
            <tr>
              <td colSpan={3} className="field__hint">
                No members.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>

      <DocumentsOpened account={account} focus={loaderData.focus?.accountId === account.id ? loaderData.focus : null} />
    </section>
  )
}

/**
 * What the account's members viewed and downloaded, newest first: the last few on the list of every
 * account, all of them, paged, on the account's own page (?account=ID).
 */
function DocumentsOpened({ account, focus }: { account: Account; focus: LoaderData['focus'] }) {
  const { entries, hasMore } = focus ?? account.opened
  const titleId = `documents-opened-${account.id}`
  return (
    <div className="account__opened" id={titleId}>
      <h4 id={`${titleId}-title`}>Documents opened</h4>
      {entries.length ? (
        <div className="table-scroll">
          <table className="data-table" aria-labelledby={`${titleId}-title`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Member</th>
                <th scope="col">Document</th>
                <th scope="col">Item</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td>{entry.memberEmail}</td>
                  <th scope="row">{entry.document}</th>
                  <td>{entry.itemTitle ?? '—'}</td>
                  <td>
                    {entry.action === 'download' ? 'Downloaded' : 'Viewed'}
                    {entry.via ? (
                      <>
                        {' '}
                        <span className="tag">{viaLabel(entry.via)}</span>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="field__hint">{focus && focus.page > 1 ? 'Nothing more.' : 'No member has opened a document yet.'}</p>
      )}
      {focus ? (
        focus.page > 1 || hasMore ? (
          <Pager
            label={`Documents opened by ${account.name}, pages`}
            previous={focus.page > 1 ? accountPath(account.id, focus.page - 1) : null}
            next={hasMore ? accountPath(account.id, focus.page + 1) : null}
            previousLabel="Newer"
            nextLabel="Older"
          >
            Page {focus.page}
          </Pager>
        ) : null
      ) : hasMore ? (
        <Link to={accountPath(account.id)}>{`All documents opened by ${account.name}`}</Link>
      ) : null}
    </div>
  )
}

function NdaStatus({ account, required, ndaType }: { account: Account; required: boolean; ndaType: 'none' | 'clickwrap' }) {
  const { signatures, earlierVersionSigned } = account.nda
  if (signatures.length) {
    return (
      <ul className="account__signatures">
        {signatures.map((signature) => (
          <li key={`${signature.email}-${signature.signedAt}`}>
            Signed by {signature.name} ({signature.email}) on <time dateTime={signature.signedAt}>{formatDateTime(signature.signedAt)}</time>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <>
      Not signed
      {earlierVersionSigned ? <span className="field__hint"> (an earlier version was)</span> : null}
      {required && ndaType === 'none' ? <span className="field__hint"> (no NDA is set up in Settings)</span> : null}
    </>
  )
}

function AccessForms({
  account,
  entry,
  product,
  loaderData,
  errors,
}: {
  account: Account
  entry: Account['access'][number]
  product: Product | undefined
  loaderData: LoaderData
  errors?: string[]
}) {
  const { defaultExpiresOn, today } = loaderData
  const navigation = useNavigation()
  const target = `${account.name} to ${entry.productName}`
  const of = <span className="visually-hidden">{` for ${account.name} on ${entry.productName}`}</span>
  const id = `access-${account.id}-${entry.productId}`
  const busy = navigation.state === 'submitting' && navigation.formData?.get('accountId') === account.id && navigation.formData?.get('productId') === entry.productId
  return (
    <div className="account__controls" role="group" aria-label={`Change access of ${target}`}>
      <FormErrors errors={errors} />
      <Form method="post" className="account__form">
        <input type="hidden" name="intent" value="access" />
        <input type="hidden" name="accountId" value={account.id} />
        <input type="hidden" name="productId" value={entry.productId} />
        <SelectField
          id={`${id}-profile`}
          name="profileId"
          label={<>Permission profile{of}</>}
          required
          options={(product?.profiles ?? []).map((profile) => ({ value: profile.id, label: profile.name }))}
          defaultValue={entry.profileId}
        />
        <div className="field">
          <label htmlFor={`${id}-expires`}>Access expires{of}</label>
          <input type="date" id={`${id}-expires`} name="expiresOn" required min={today} defaultValue={entry.expired ? defaultExpiresOn : entry.expiresOn} />
        </div>
        <label className="checkbox" htmlFor={`${id}-nda`}>
          <input type="checkbox" id={`${id}-nda`} name="ndaRequired" defaultChecked={entry.ndaRequired} />
          Require NDA{of}
        </label>
        <button type="submit" className="button button--secondary button--small" aria-label={`Save access of ${target}`} disabled={busy}>
          Save
        </button>
      </Form>
      <Form method="post" className="account__form">
        <input type="hidden" name="intent" value="extend" />
        <input type="hidden" name="accountId" value={account.id} />
        <input type="hidden" name="productId" value={entry.productId} />
        <div className="field">
          <label htmlFor={`${id}-extend`}>Extend until{of}</label>
          <input type="date" id={`${id}-extend`} name="expiresOn" required min={today} defaultValue={defaultExpiresOn} />
        </div>
        <button type="submit" className="button button--secondary button--small" aria-label={`Extend access of ${target}`} disabled={busy}>
          Extend
        </button>
      </Form>
      <Form method="post" className="account__form">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="accountId" value={account.id} />
        <input type="hidden" name="productId" value={entry.productId} />
        <button type="submit" className="button button--danger button--small" aria-label={`Revoke access of ${target}`} disabled={busy || entry.expired}>
          Revoke access
        </button>
      </Form>
    </div>
  )
}

/** What a profile grants, in a line. */
function grantSummary(profile: Product['profiles'][number], product: Product) {
  if (profile.allRestricted) return 'All restricted content'
  const kinds = profile.cardKinds.map((kind) => PROFILE_CARD_KIND_LABELS[kind] ?? kind)
  const titles = new Map(product.restrictedItems.map((item) => [item.uid, item.title]))
  const items = profile.itemUids.map((uid) => titles.get(uid)).filter((title): title is string => Boolean(title))
  const parts = [...kinds, ...items]
  return parts.length ? parts.join(', ') : 'Nothing restricted'
}

function ProfileList({ product, multiple }: { product: Product; multiple: boolean }) {
  return (
    <div className="profile-list">
      {multiple ? <h3>{product.name}</h3> : null}
      {product.profiles.length ? (
        <table className="data-table" aria-label={`Permission profiles of ${product.name}`}>
          <thead>
            <tr>
              <th scope="col">Profile</th>
              <th scope="col">Grants</th>
              <th scope="col">Downloads</th>
              <th scope="col">Used by</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      ) : (
        <p className="field__hint">No permission profile yet.</p>
      )}
      <Link className="button button--primary button--small" to={`/accounts?profile=new&product=${product.id}#profile-editor`} aria-label={`New profile for ${product.name}`}>
        New profile
      </Link>
    </div>
  )
}

function ProfileEditor({ product, profile, lastResult }: { product: Product; profile: Product['profiles'][number] | null; lastResult?: SubmissionResult<string[]> }) {
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

export function meta() {
  return [{ title: 'Accounts' }]
}
