import { Link, useLocation } from 'react-router'
import type { PortalView } from './types'
import { withQuery } from '~/lib/format'

/** The Subscribe button is for visitors when the org takes subscriptions (spec section 6), not for staff at work. */
export const subscribable = (view: PortalView) => view.portal.subscribeEnabled && view.mode !== 'Main'

/** Opens the subscribe popover, recording where it was opened from. */
export function SubscribeLink({ source, className }: { source: 'subscribe_button' | 'trust_center_updates_button'; className: string }) {
  const location = useLocation()
  return (
    <Link className={className} to={withQuery(location.pathname, location.search, { subscribe: 'true', source })} preventScrollReset>
      Subscribe
    </Link>
  )
}
