import { Link } from 'react-router'
import { ChevronIcon } from '~/components/icons'

/**
 * Move up / Move down in one click: a link to the pending order without JavaScript, a button with it.
 * At the top or the bottom it stays focusable but disabled, so focus does not jump when a row arrives there.
 */
export function MoveButton({
  label,
  direction,
  disabled,
  href,
  hydrated,
  onMove,
  className,
}: {
  label: string
  direction: 'up' | 'down'
  disabled: boolean
  href: string
  hydrated: boolean
  onMove: () => void
  className: string
}) {
  const classes = `icon-button ${className} ${className}--${direction}`
  const icon = <ChevronIcon size={16} />
  if (disabled) {
    return (
      <button type="button" className={classes} aria-label={label} aria-disabled="true" data-move={direction}>
        {icon}
      </button>
    )
  }
  if (!hydrated) {
    return (
      <Link to={href} className={classes} aria-label={label} data-move={direction} preventScrollReset>
        {icon}
      </Link>
    )
  }
  return (
    <button type="button" className={classes} aria-label={label} data-move={direction} onClick={onMove}>
      {icon}
    </button>
  )
}
