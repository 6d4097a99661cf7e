import { data, Link, useActionData } from 'react-router'
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
import { FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { dateInputValue } from '~/lib/schemas/access-requests'
import {
  accountFilters,
  accountsPath,
  createProfileSchema,
  deleteProfileSchema,
  extendAccessSchema,
  removeAccountMemberSchema,
  revokeAccessSchema,
  updateAccessSchema,
  updateProfileSchema,
} from '~/lib/schemas/accounts'
import { CountedPager } from '~/components/ui/staff-table'
import { AccountFilter, AccountsTable, AccountView } from './account-view'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { ProfileEditor, ProfileList } from './profiles'

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
    ? {
        accountId: focused.id,
        ...(await listDocumentsOpened(context.db, staff.orgId, focused.id, integerParam(search, 'opened', { min: 1, max: MAX_ANALYTICS_PAGE, fallback: 1 }))),
      }
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
  // A destructive action's confirmation, opened by the URL (so it works without JavaScript): on the account's own page only.
  const confirm = focused ? confirmation(search, focused) : null
  return { ...page, focus, editor, confirm, today: dateInputValue(new Date()) }
}

/** What `?confirm=` asks to confirm, when the account has that access or member. */
function confirmation(search: URLSearchParams, account: { access: { productId: string; productName: string; expired: boolean }[]; members: { id: string; name: string }[] }) {
  if (search.get('confirm') === 'revoke') {
    const entry = account.access.find((access) => access.productId === search.get('product') && !access.expired)
    return entry ? { kind: 'revoke' as const, productId: entry.productId, productName: entry.productName } : null
  }
  if (search.get('confirm') === 'remove-member') {
    const member = account.members.find((candidate) => candidate.id === search.get('member'))
    return member ? { kind: 'remove-member' as const, memberId: member.id, memberName: member.name } : null
  }
  return null
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
  const ownPage = search.get('account')
  const back = isUuid(ownPage) ? `/accounts?account=${ownPage}` : accountsPath({ ...accountFilters(search), page: pageParam(search) })
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

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { accounts, products, editor, focus, filter, total, pageCount, confirm } = loaderData
  const filtered = filter.q !== '' || filter.access !== 'all'
  const actionData = useActionData<typeof action>()
  const isProfileForm = actionData?.intent === 'profile-create' || actionData?.intent === 'profile-update'
  // Errors of the row forms are said next to the row; the rest at the top of their section.
  const accessErrors = (accountId: string, productId: string) =>
    actionData && ['access', 'extend', 'revoke'].includes(actionData.intent) && actionData.target === `${accountId}:${productId}` ? submissionErrors(actionData.result) : undefined
  const accountErrors =
    actionData &&
    (actionData.intent === 'remove-member' ||
      (['access', 'extend', 'revoke'].includes(actionData.intent) &&
        !accounts.some((account) => account.access.some((entry) => actionData.target === `${account.id}:${entry.productId}`))))
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
        {focus ? (
          accounts.map((account) => <AccountView key={account.id} account={account} loaderData={loaderData} errorsFor={accessErrors} />)
        ) : accounts.length ? (
          <AccountsTable loaderData={loaderData} />
        ) : null}
        {focus && confirm ? <ConfirmAction account={accounts[0]} confirm={confirm} /> : null}
        <CountedPager
          label="Account pages"
          page={filter.page}
          pageCount={pageCount}
          total={total}
          noun={['account', 'accounts']}
          href={(page) => accountsPath({ ...filter, page })}
        />
      </section>

      <section className="panel" aria-labelledby="profiles-title" id="profiles">
        <h2 id="profiles-title">Permission profiles</h2>
        <p className="field__hint">
          A profile is what an account of a product can see: whole card kinds, single restricted items, or all restricted content, and whether documents may be downloaded.
        </p>
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

function ConfirmAction({ account, confirm }: { account: LoaderData['accounts'][number]; confirm: NonNullable<LoaderData['confirm']> }) {
  const own = `/accounts?account=${account.id}`
  return confirm.kind === 'revoke' ? (
    <ConfirmDialog
      title="Revoke access"
      description={`${account.name} loses access to ${confirm.productName} now, and its members are signed out. They can ask to extend it.`}
      closeHref={own}
      action={own}
      intent="revoke"
      fields={{ accountId: account.id, productId: confirm.productId }}
      confirm="Revoke access"
      busy="Revoking…"
    />
  ) : (
    <ConfirmDialog
      title="Remove member"
      description={`${confirm.memberName} is removed from ${account.name} and signed out; their unused invitations go with them.`}
      closeHref={own}
      action={own}
      intent="remove-member"
      fields={{ memberId: confirm.memberId }}
      confirm="Remove member"
      busy="Removing…"
    />
  )
}

type LoaderData = Route.ComponentProps['loaderData']

export function meta() {
  return [{ title: 'Accounts' }]
}
