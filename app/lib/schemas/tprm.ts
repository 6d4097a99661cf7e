import { z } from '../zod'
import { LINE_BREAKING } from '../one-line'
import { normalizeDomain } from './settings'

// "Send data to TPRM tool" (spec section 2.7): the partners staff list on /settings, and a member's pick.

export const TPRM_MESSAGES = {
  nameRequired: 'Enter the tool’s name',
  nameTooLong: 'The name can be at most 100 characters',
  nameOneLine: 'The name must be on one line',
  domainRequired: 'Enter the tool’s domain',
  domainInvalid: 'Enter a domain name such as onetrust.com',
  domainTaken: 'This domain is already listed',
  partnerRequired: 'Choose a tool',
  partnerGone: 'This tool is no longer offered. Choose another one.',
} as const

export const TPRM_PARTNERS_MAX = 50

export const addTprmPartnerSchema = z.object({
  intent: z.literal('tprm-partner-add'),
  name: z
    .string({ error: TPRM_MESSAGES.nameRequired })
    .trim()
    .min(1, TPRM_MESSAGES.nameRequired)
    .max(100, TPRM_MESSAGES.nameTooLong)
    .refine((value) => !LINE_BREAKING.test(value), TPRM_MESSAGES.nameOneLine),
  // What people type: a bare domain, or an address of the site; stored as the host name the way the
  // settings' domain lists store theirs (lower case, IDNs in punycode).
  domain: z
    .string({ error: TPRM_MESSAGES.domainRequired })
    .trim()
    .min(1, TPRM_MESSAGES.domainRequired)
    .max(253, TPRM_MESSAGES.domainInvalid)
    .transform(
      (value) =>
        normalizeDomain(
          value
            .replace(/^https?:\/\//i, '')
            .replace(/^www\./i, '')
            .replace(/[/?#].*$/, ''),
        ) ?? '',
    )
    .refine((value) => value !== '', TPRM_MESSAGES.domainInvalid),
})

export const removeTprmPartnerSchema = z.object({
  intent: z.literal('tprm-partner-remove'),
  partnerId: z.uuid(),
})

/** The visitor's choice in step one of the dialog. */
export const tprmTokenSchema = z.object({
  intent: z.literal('tprm-token'),
  partnerId: z.uuid({ error: TPRM_MESSAGES.partnerRequired }),
})

export type AddTprmPartnerInput = z.output<typeof addTprmPartnerSchema>
