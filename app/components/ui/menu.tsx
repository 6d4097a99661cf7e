import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { useHydrated } from './use-hydrated'

/** A link (which works without JavaScript); `onSelect` takes over when JavaScript runs. */
export type MenuEntry = { label: string; href: string; onSelect?: () => void; disabled?: boolean }

/**
 * The WAI-ARIA menu button: a button with aria-haspopup opens a menu of menuitems; arrow keys, Home and
 * End move between enabled items (disabled ones are skipped), Enter activates, Escape closes and returns
 * focus to the button. Items are links, so the menu's targets work without JavaScript too (it then
 * opens as a disclosure).
 */
/**
 * The keyboard and pointer behaviour of a WAI-ARIA menu button, for any menu: arrow keys, Home and End
 * move between enabled items (disabled ones are skipped), Escape closes and returns focus to the button,
 * Tab and a click outside close it.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLElement>(null)
  const menuId = useId()

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])]
  const focusItem = (index: number) => {
    const list = items()
    if (list.length) list[(index + list.length) % list.length].focus()
  }
  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) close(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => {
      setOpen((value) => !value)
      if (!open) requestAnimationFrame(() => focusItem(0))
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        setOpen(true)
        requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1))
      }
    },
  }
  const menuProps = {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- spread on a <ul> (Menu) or a <div> (account menu)
    ref: menu as React.RefObject<any>,
    role: 'menu' as const,
    id: menuId,
    onKeyDown: (event: KeyboardEvent) => {
      const list = items()
      const index = list.indexOf(document.activeElement as HTMLElement)
      if (event.key === 'ArrowDown') focusItem(index + 1)
      else if (event.key === 'ArrowUp') focusItem(index - 1)
      else if (event.key === 'Home') focusItem(0)
      else if (event.key === 'End') focusItem(-1)
      else if (event.key === 'Escape') close(true)
      else if (event.key === 'Tab') close(false)
      else return
      if (event.key !== 'Tab') event.preventDefault()
    },
  }
  return { open, close, buttonProps, menuProps }
}

export function ActionMenu({ label = 'Actions', entries, icon }: { label?: string; entries: MenuEntry[]; icon?: React.ReactNode }) {
  const hydrated = useHydrated()
  const { open, close, buttonProps, menuProps } = useMenuButton()

  if (!hydrated) {
    // Without JavaScript: a disclosure of the same links.
    return (
      <details className="menu">
        <summary className="icon-button" aria-label={label}>
          {icon ?? '⋯'}
        </summary>
        <ul className="menu__list">
          {entries.map((entry) =>
            !entry.disabled ? (
              <li key={entry.label}>
                <Link to={entry.href} preventScrollReset>
                  {entry.label}
                </Link>
              </li>
            ) : null,
          )}
        </ul>
      </details>
    )
  }

  return (
    <div className="menu">
      <button {...buttonProps} className="icon-button" aria-label={label}>
        {icon ?? '⋯'}
      </button>
      {open ? (
        <ul className="menu__list" {...menuProps} aria-label={label}>
          {entries.map((entry) => (
            <li key={entry.label} role="none">
              <Link
                role="menuitem"
                to={entry.href}
                preventScrollReset
                tabIndex={-1}
                aria-disabled={entry.disabled || undefined}
                onClick={(event) => {
                  if (entry.disabled) return event.preventDefault()
                  if (entry.onSelect) {
                    event.preventDefault()
                    close(true)
                    entry.onSelect()
                  } else {
                    close(false)
                  }
                }}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
