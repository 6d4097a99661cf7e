import type { ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Dialog } from './dialog'

/**
 * "Are you sure?" for a destructive action: a dialog the URL opens (so it works without JavaScript)
 * whose form posts `intent` and the hidden `fields` to `action`; Cancel goes back to `closeHref`.
 */
export function ConfirmDialog({
  title,
  description,
  closeHref,
  action,
  intent,
  fields,
  confirm,
  busy: busyLabel,
  tone = 'danger',
  children,
}: {
  title: string
  description: string
  closeHref: string
  action: string
  intent: string
  fields: Record<string, string>
  /** The button's label, e.g. "Delete topic"; `busy` while the form is being sent, e.g. "Deleting…". */
  confirm: string
  busy: string
  /** The confirm button's look: red for what cannot be undone (the default), primary for what can. */
  tone?: 'danger' | 'primary'
  children?: ReactNode
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <Dialog title={title} size="small" closeHref={closeHref} description={description}>
      {children}
      <Form method="post" className="form" action={action} preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="dialog__actions">
          <Link to={closeHref} preventScrollReset className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className={`button button--${tone}`} disabled={busy}>
            {busy ? busyLabel : confirm}
          </button>
        </div>
      </Form>
    </Dialog>
  )
}
