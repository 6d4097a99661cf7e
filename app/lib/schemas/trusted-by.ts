import { z } from '../zod'
import { companyById, companyByName } from '../companies'
import { parseIdList } from '../reorder'
import { COMPANY_REQUIRED, COMPANY_SOURCES, type PickedCompany } from './subprocessors'

// The Trusted-by card's companies (cards-and-items: Trusted-by card, Trusted-by company): a built-in
// company ('Addendum', with its id, domain and logo from our list) or a typed name ('Custom').

export const TRUSTED_BY_DUPLICATE = 'This company is already listed'
export const TRUSTED_BY_NOT_FOUND = 'This company is no longer listed.'
export const TRUSTED_BY_ORDER_FAILED = 'Failed to update the order of companies'
export const NAME_TOO_SHORT = 'Company name must be at least 2 characters'
export const NAME_TOO_LONG = 'Company name must be at most 100 characters'
export const NOT_IN_LIST = 'Choose a company from the list'

/** Names compare as people read them: case and surrounding spaces do not make a different company. */
export const sameCompanyName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The company picker's fields (or, without JavaScript, its plain companyName input). With the names
 * already listed (the dialog knows them) a duplicate fails at once; the server checks again as it saves.
 */
export function addTrustedBySchema(listedNames: readonly string[] = []) {
  return z
    .object({
      intent: z.literal('trustedBy.add'),
      companyName: z.string().trim().max(100, NAME_TOO_LONG).optional(),
      // The picker also posts companyDomain; the domain (like the logo) comes from our list, so it is ignored.
      // Id and source are checked in the transform, so their errors show on the picker's field.
      companyId: z.string().trim().optional(),
      companySource: z.string().trim().optional(),
    })
    .transform(({ companyName, companyId, companySource }, ctx): PickedCompany => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, path: ['companyName'] })
        return z.NEVER
      }
      const company = resolve(companyName ?? '', companyId, companySource)
      if (typeof company === 'string') return fail(company)
      if (listedNames.some((name) => sameCompanyName(name, company.name))) return fail(TRUSTED_BY_DUPLICATE)
      return company
    })
}

/** A built-in pick by id, a bare name that is a built-in company, else a custom name of 2 to 100 characters. */
function resolve(name: string, companyId: string | undefined, source: string | undefined): PickedCompany | string {
  if (source && !(COMPANY_SOURCES as readonly string[]).includes(source)) return NOT_IN_LIST
  if (source === 'Addendum') {
    if (!companyId) return COMPANY_REQUIRED
    const company = companyById(companyId)
    return company ? { source: 'Addendum', id: company.id, name: company.name, domain: company.domain, logoUrl: company.logo } : NOT_IN_LIST
  }
  if (!name) return COMPANY_REQUIRED
  const builtIn = source ? undefined : companyByName(name)
  if (builtIn) return { source: 'Addendum', id: builtIn.id, name: builtIn.name, domain: builtIn.domain, logoUrl: builtIn.logo }
  if (name.length < 2) return NAME_TOO_SHORT
  return { source: 'Custom', id: null, name, domain: null, logoUrl: null }
}

export const removeTrustedBySchema = z.object({
  intent: z.literal('trustedBy.remove'),
  id: z.guid({ error: TRUSTED_BY_NOT_FOUND }),
})

export const trustedByOrderSchema = z.object({
  intent: z.literal('trustedBy.order'),
  // A generous cap: a card lists a few dozen companies, each id a 36-character uuid.
  order: z.string({ error: TRUSTED_BY_ORDER_FAILED }).max(50_000, TRUSTED_BY_ORDER_FAILED).transform(parseIdList),
})
