// The Accounts page's list (a table, searched) and an account's own page: its access to each product with
// the one form that changes it, its members, and the documents they opened.
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { accountPath, viaLabel } from '~/lib/analytics'
import { FormErrors } from '~/components/ui/form-errors'
import { formatDateTime } from '~/lib/format'
import { ACCESS_PERIODS, ACCOUNT_ACCESS_FILTERS, ACCOUNT_SEARCH_MAX } from '~/lib/schemas/accounts'
import { ActionMenu } from '~/components/ui/menu'
import { withQuery } from '~/lib/format'
import { SelectField } from '~/components/ui/fields'
import { SearchIcon } from '~/components/icons'
import { OpenPager, StaffTable } from '~/components/ui/staff-table'
import { When } from '~/components/ui/when'

type LoaderData = Route.ComponentProps['loaderData']
type Account = LoaderData['accounts'][number]
type Product = LoaderData['products'][number]

/** Search and access state: a GET form, so it filters with a submit without JavaScript. */
export function AccountFilter({ filter }: { filter: LoaderData['filter'] }) {
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

/** An account's own page with a confirmation open: `?confirm=revoke&product=ID` or `?confirm=remove-member&member=ID`. */
export const confirmPath = (accountId: string, params: Record<string, string>) => withQuery('/accounts', '', { account: accountId, ...params })

/**
 * The list: one row per account with its access at a glance; its name opens its own page, where its access
 * is changed and its members are managed.
 */
export function AccountsTable({ loaderData }: { loaderData: LoaderData }) {
  const { accounts, orgSlug } = loaderData
  return (
    <StaffTable className="accounts-table" caption="Accounts, by name" columns={['Account', 'Domains', 'Access until', 'Members', 'NDA', { hidden: 'Preview' }]} scroll>
      {accounts.map((account) => (
        <tr key={account.id}>
          <th scope="row">
            <Link to={`/accounts?account=${account.id}`}>{account.name}</Link>
          </th>
          <td>{account.domains.join(', ')}</td>
          <td>
            {account.access.length ? (
              <ul className="accounts-table__access">
                {account.access.map((entry) => (
                  <li key={entry.productId}>
                    {loaderData.products.length > 1 ? `${entry.productName}: ` : ''}
                    <When at={entry.expiresAt} /> {entry.expired ? <span className="tag tag--warning">Expired</span> : <span className="field__hint">{entry.profileName}</span>}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="field__hint">No access</span>
            )}
          </td>
          <td>{account.members.length}</td>
          <td>{account.nda.signatures.length ? 'Signed' : account.access.some((entry) => entry.ndaRequired) ? 'Not signed' : <span className="field__hint">Not required</span>}</td>
          <td>
            <Link className="button button--secondary button--small" to={`/portal/${orgSlug}?accountId=${account.id}`} aria-label={`Preview as ${account.name}`}>
              Preview
            </Link>
          </td>
        </tr>
      ))}
    </StaffTable>
  )
}

export function AccountView({
  account,
  loaderData,
  errorsFor,
}: {
  account: Account
  loaderData: LoaderData
  errorsFor: (accountId: string, productId: string) => string[] | undefined
}) {
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
        <StaffTable
          className="account__access"
          label={`Access of ${account.name}`}
          columns={['Product', 'Permission profile', 'Access until', 'NDA required', 'NDA status', { hidden: 'Actions' }]}
          scroll
        >
          {account.access.map((entry) => (
            <tr key={entry.productId}>
              <th scope="row">{entry.productName}</th>
              <td>{entry.profileName}</td>
              <td>
                <When at={entry.expiresAt} /> {entry.expired ? <span className="tag tag--warning">Expired</span> : null}
              </td>
              <td>{entry.ndaRequired ? 'Yes' : 'No'}</td>
              <td>
                <NdaStatus account={account} required={entry.ndaRequired} ndaType={ndaType} />
              </td>
              <td>
                <ActionMenu
                  label={`Actions for access of ${account.name} to ${entry.productName}`}
                  entries={[{ label: 'Revoke access', href: confirmPath(account.id, { confirm: 'revoke', product: entry.productId }), disabled: entry.expired }]}
                />
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p className="field__hint">No access to any product.</p>
      )}

      {account.access.map((entry) => (
        <AccessForms
          key={entry.productId}
          account={account}
          entry={entry}
          product={products.find((product) => product.id === entry.productId)}
          loaderData={loaderData}
          errors={errorsFor(account.id, entry.productId)}
        />
      ))}

      <StaffTable className="account__members" label={`Members of ${account.name}`} columns={['Member', 'Email', { hidden: 'Actions' }]}>
        {account.members.map((member) => (
          <tr key={member.id}>
            <th scope="row">
              {member.name} {member.isAutoApproved ? <span className="tag">Automatically gained</span> : null}
            </th>
            <td>{member.email}</td>
            <td>
              <ActionMenu
                label={`Actions for ${member.name}`}
                entries={[{ label: 'Remove member', href: confirmPath(account.id, { confirm: 'remove-member', member: member.id }) }]}
              />
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
      </StaffTable>

      <DocumentsOpened account={account} focus={loaderData.focus?.accountId === account.id ? loaderData.focus : null} />
    </section>
  )
}

/** What the account's members viewed and downloaded, newest first, paged: on the account's own page (?account=ID). */
function DocumentsOpened({ account, focus }: { account: Account; focus: LoaderData['focus'] }) {
  if (!focus) return null
  const { entries, hasMore } = focus
  const titleId = `documents-opened-${account.id}`
  return (
    <div className="account__opened" id={titleId}>
      <h4 id={`${titleId}-title`}>Documents opened</h4>
      {entries.length ? (
        <StaffTable labelledBy={`${titleId}-title`} columns={['When', 'Member', 'Document', 'Item', 'Action']} scroll>
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
        </StaffTable>
      ) : (
        <p className="field__hint">{focus.page > 1 ? 'Nothing more.' : 'No member has opened a document yet.'}</p>
      )}
      <OpenPager
        label={`Documents opened by ${account.name}, pages`}
        page={focus.page}
        hasMore={hasMore}
        href={(page) => accountPath(account.id, page)}
        previousLabel="Newer"
        nextLabel="Older"
      />
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
          <label htmlFor={`${id}-expires`}>Access until{of}</label>
          <span className="account__until">
            <input type="date" id={`${id}-expires`} name="expiresOn" required min={today} defaultValue={entry.expired ? defaultExpiresOn : entry.expiresOn} />
            {/* Quick extensions post their own form (below): the server counts from the later of today and the current end. */}
            {ACCESS_PERIODS.map((period) => (
              <button
                key={period.value}
                type="submit"
                form={`${id}-extend`}
                name="period"
                value={period.value}
                className="button button--secondary button--small"
                aria-label={`Extend access of ${target} by ${period.label.slice(1)}`}
                disabled={busy}
              >
                {period.label}
              </button>
            ))}
          </span>
        </div>
        <label className="checkbox" htmlFor={`${id}-nda`}>
          <input type="checkbox" id={`${id}-nda`} name="ndaRequired" defaultChecked={entry.ndaRequired} />
          Require NDA{of}
        </label>
        <button type="submit" className="button button--primary button--small" aria-label={`Save access of ${target}`} disabled={busy}>
          Save
        </button>
      </Form>
      <Form method="post" id={`${id}-extend`} hidden>
        <input type="hidden" name="intent" value="extend" />
        <input type="hidden" name="accountId" value={account.id} />
        <input type="hidden" name="productId" value={entry.productId} />
      </Form>
    </div>
  )
}
