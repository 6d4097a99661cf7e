import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { BuildingIcon } from '~/components/icons'
import { searchCompanies, type BuiltInCompany } from '~/lib/companies'
import { useHydrated } from './use-hydrated'

/** A picked company as the form submits it: a built-in one ('Addendum') or a typed name ('Custom'). */
export interface CompanyValue {
  source: 'Addendum' | 'Custom'
  id: string | null
  name: string
  domain: string | null
  logo?: string | null
}

type Option = { key: string; company: BuiltInCompany } | { key: 'custom'; name: string }

export const COMPANY_SEARCH_DEBOUNCE_MS = 200

const fromBuiltIn = (company: BuiltInCompany): CompanyValue => ({ source: 'Addendum', id: company.id, name: company.name, domain: company.domain, logo: company.logo })

/**
 * The company field (cards-and-items section 5): a WAI-ARIA combobox over the built-in companies, with
 * 'Just use "{text}"' for a name that matches none. It submits companyName, companyDomain, companyId and
 * companySource. Without JavaScript it is a plain text input named companyName; the server resolves it.
 */
export function CompanyPicker({
  id,
  label = 'Company',
  defaultValue,
  errors,
  errorId,
  hint,
}: {
  id?: string
  label?: string
  defaultValue?: CompanyValue | null
  errors?: string[]
  errorId?: string
  hint?: string
}) {
  const fallbackId = useId()
  const inputId = id ?? `${fallbackId}-company`
  const listboxId = `${inputId}-listbox`
  const hintId = `${inputId}-hint`
  const statusId = `${inputId}-status`
  const ownErrorId = errorId ?? `${inputId}-error`
  const hydrated = useHydrated()

  const [text, setText] = useState(defaultValue?.name ?? '')
  const [query, setQuery] = useState(defaultValue?.name ?? '')
  const [selected, setSelected] = useState<CompanyValue | null>(defaultValue ?? null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const nameInput = useRef<HTMLInputElement>(null)
  const textInput = useRef<HTMLInputElement>(null)
  const picked = useRef(false)
  useEffect(() => () => clearTimeout(timer.current), [])

  const options = useMemo<Option[]>(() => {
    const matches = searchCompanies(query)
    if (matches.length) return matches.map((company) => ({ key: company.id, company }))
    const typed = query.trim()
    return typed.length > 1 ? [{ key: 'custom', name: typed }] : []
  }, [query])
  const expanded = open && options.length > 0
  const optionId = (index: number) => `${inputId}-option-${index}`

  // A new pick re-validates the form like typing would (Conform listens for input events).
  useEffect(() => {
    if (!picked.current) return
    picked.current = false
    nameInput.current?.dispatchEvent(new Event('input', { bubbles: true }))
  }, [selected])

  // Conform focuses the first invalid field by name after a failed submit; that is the combobox here.
  useEffect(() => {
    const hidden = nameInput.current
    if (!hidden) return
    hidden.focus = (options) => textInput.current?.focus(options)
  }, [hydrated])

  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
  })

  const choose = (value: CompanyValue | null) => {
    picked.current = true
    setSelected(value)
  }

  const select = (option: Option) => {
    const value = 'company' in option ? fromBuiltIn(option.company) : { source: 'Custom' as const, id: null, name: option.name, domain: null, logo: null }
    choose(value)
    setText(value.name)
    setQuery(value.name)
    setOpen(false)
    setActive(-1)
  }

  const search = (value: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setQuery(value)
      setActive(-1)
    }, COMPANY_SEARCH_DEBOUNCE_MS)
  }

  // Keys act on what is typed now, not on the list the debounce has yet to catch up with.
  const flush = () => {
    if (query === text) return options
    clearTimeout(timer.current)
    setQuery(text)
    const matches = searchCompanies(text)
    return matches.length ? matches.map((company) => ({ key: company.id, company })) : text.trim().length > 1 ? [{ key: 'custom', name: text.trim() }] : []
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const current = flush()
      if (!current.length) return
      const last = current.length - 1
      if (!open || query !== text) {
        setOpen(true)
        setActive(event.altKey ? -1 : event.key === 'ArrowDown' ? 0 : last)
      } else if (event.key === 'ArrowDown') {
        setActive(active >= last ? 0 : active + 1)
      } else {
        setActive(active <= 0 ? last : active - 1)
      }
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0 && query === text) {
        event.preventDefault()
        select(options[active])
      }
    } else if (event.key === 'Escape') {
      // Close the list only; the dialog around the picker closes on the next Escape. Its listener sits
      // on the document, React's root here, so only stopping immediate propagation keeps it out.
      if (expanded) {
        event.preventDefault()
        event.stopPropagation()
        event.nativeEvent.stopImmediatePropagation()
        setOpen(false)
        setActive(-1)
      }
    }
  }

  const onBlur = () => {
    setOpen(false)
    setActive(-1)
    if (selected) return
    // A typed name that is exactly a built-in company counts as picking it.
    const exact = searchCompanies(text).find((company) => company.name.toLowerCase() === text.trim().toLowerCase())
    if (exact) {
      choose(fromBuiltIn(exact))
      setText(exact.name)
      setQuery(exact.name)
    }
  }

  const invalid = Boolean(errors?.length)
  const describedBy = [hint ? hintId : null, invalid ? ownErrorId : null].filter(Boolean).join(' ') || undefined
  const status =
    !hydrated || !open
      ? ''
      : options.length
        ? `${options.length} ${options.length === 1 ? 'company' : 'companies'} available`
        : 'No companies match. Type at least 2 characters to use your own.'

  return (
    <div className="field company-picker">
      <label htmlFor={inputId}>{label}</label>
      <div className={`company-picker__control${selected?.logo && hydrated ? ' company-picker__control--logo' : ''}`}>
        {selected?.logo && hydrated ? <img className="company-picker__logo" src={selected.logo} alt="" width={20} height={20} /> : null}
        <input
          ref={textInput}
          id={inputId}
          type="text"
          name={hydrated ? undefined : 'companyName'}
          value={text}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...(hydrated
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': expanded,
                'aria-controls': listboxId,
                'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
          onChange={(event) => {
            const value = event.currentTarget.value
            setText(value)
            if (selected && value !== selected.name) choose(null)
            setOpen(true)
            search(value)
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={onBlur}
        />
      </div>
      {hydrated ? (
        <>
          <ul id={listboxId} role="listbox" aria-label={`${label} suggestions`} className="company-picker__listbox" hidden={!expanded}>
            {options.map((option, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- an option of a combobox: the keys go to the input (aria-activedescendant)
              <li
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="company-picker__option"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => select(option)}
              >
                {'company' in option ? (
                  <>
                    {option.company.logo ? <img src={option.company.logo} alt="" width={20} height={20} /> : <BuildingIcon size={20} />}
                    <span className="company-picker__name">{option.company.name}</span>
                    <span className="company-picker__domain">{option.company.domain}</span>
                  </>
                ) : (
                  <span className="company-picker__name">Just use "{option.name}"</span>
                )}
              </li>
            ))}
          </ul>
          <span id={statusId} className="visually-hidden" role="status" aria-live="polite">
            {status}
          </span>
          <input ref={nameInput} type="hidden" name="companyName" value={selected?.name ?? ''} />
          <input type="hidden" name="companyDomain" value={selected?.domain ?? ''} />
          <input type="hidden" name="companyId" value={selected?.id ?? ''} />
          <input type="hidden" name="companySource" value={selected?.source ?? ''} />
        </>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p className="form__error" role="alert" id={ownErrorId}>
          {errors!.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
