import { z } from '../zod'
import { companyById, companyByName } from '../companies'

export const COMPANY_REQUIRED = 'This field is required'
export const SUBPROCESSOR_NOT_FOUND = 'This subprocessor does not exist.'

/** Only the sources this product can offer: its built-in list and a typed name (no logo search service). */
export const COMPANY_SOURCES = ['Addendum', 'Custom'] as const
export type CompanySource = (typeof COMPANY_SOURCES)[number]

/** What the company picker submits, resolved to what a subprocessor row stores. */
export interface PickedCompany {
  source: CompanySource
  /** The built-in company's id; null for a custom company. */
  id: string | null
  name: string
  domain: string | null
  logoUrl: string | null
}

/** The picker's hidden fields (or, without JavaScript, its plain `companyName` input). */
export const companyFields = {
  companyName: z.string().trim().max(100, 'Subprocessor name must be at most 100 characters').optional(),
  companyDomain: z.string().trim().max(253).optional(),
  companyId: z.string().trim().max(100).optional(),
  companySource: z.enum(COMPANY_SOURCES, { error: 'Choose a company from the list' }).optional(),
}

type CompanyInput = { companyName?: string; companyId?: string; companySource?: CompanySource }

/**
 * Valid with companyId and source (built-in), or name and source (custom); a bare name (the form
 * without JavaScript) is the built-in company of that name, else a custom one.
 */
export function resolveCompany(value: CompanyInput, ctx: z.RefinementCtx): PickedCompany {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message, path: ['companyName'] })
    return z.NEVER
  }
  if (value.companySource === 'Addendum') {
    if (!value.companyId) return fail(COMPANY_REQUIRED)
    const company = companyById(value.companyId)
    if (!company) return fail('Choose a company from the list')
    return { source: 'Addendum', id: company.id, name: company.name, domain: company.domain, logoUrl: company.logo }
  }
  const name = value.companyName ?? ''
  if (!name) return fail(COMPANY_REQUIRED)
  const builtIn = value.companySource ? undefined : companyByName(name)
  if (builtIn) return { source: 'Addendum', id: builtIn.id, name: builtIn.name, domain: builtIn.domain, logoUrl: builtIn.logo }
  if (name.length < 2) return fail('Subprocessor name must be at least 2 characters')
  return { source: 'Custom', id: null, name, domain: null, logoUrl: null }
}

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional()

const details = {
  purpose: optionalText('Purpose', 500),
  location: optionalText('Location', 200),
  additionalDetails: optionalText('Additional details', 1000),
}

const subprocessorId = z.guid({ error: SUBPROCESSOR_NOT_FOUND })

export const addSubprocessorSchema = z
  .object({ intent: z.literal('subprocessor.add'), ...companyFields, ...details })
  .transform(({ intent, companyName, companyDomain, companyId, companySource, ...rest }, ctx) => ({
    ...rest,
    company: resolveCompany({ companyName, companyId, companySource }, ctx),
  }))

export const editSubprocessorSchema = z
  .object({ intent: z.literal('subprocessor.edit'), id: subprocessorId, ...companyFields, ...details })
  .transform(({ intent, companyName, companyDomain, companyId, companySource, ...rest }, ctx) => ({
    ...rest,
    company: resolveCompany({ companyName, companyId, companySource }, ctx),
  }))

export const confirmNameMismatch = (companyName: string) => `The name you typed does not match "${companyName}".`

/** With the company's name (known once the row is loaded, or in the dialog) the typed name must equal it. */
export function deleteSubprocessorSchema(companyName?: string) {
  return z
    .object({
      intent: z.literal('subprocessor.delete'),
      id: subprocessorId,
      confirmName: z.string({ error: 'Type the company name to confirm' }).trim(),
    })
    .refine((value) => companyName === undefined || value.confirmName === companyName.trim(), {
      message: confirmNameMismatch(companyName ?? ''),
      path: ['confirmName'],
    })
}
