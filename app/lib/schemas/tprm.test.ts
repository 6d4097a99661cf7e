import { expect, it } from 'vitest'
import { addTprmPartnerSchema, TPRM_MESSAGES } from './tprm'

const domainOf = (domain: string) => addTprmPartnerSchema.safeParse({ intent: 'tprm-partner-add', name: 'Tool', domain })

it('stores a partner domain as the settings store theirs: host name only, lower case, IDNs in punycode', () => {
  expect(domainOf('https://www.OneTrust.com/platform?x=1').data?.domain).toBe('onetrust.com')
  expect(domainOf('whistic.com.').data?.domain).toBe('whistic.com')
  expect(domainOf('Prüfwerk.de').data?.domain).toBe('xn--prfwerk-o2a.de')
  // A user part before a non-ASCII host would be dropped by the URL parser and pass as the host.
  for (const bad of ['localhost', 'not a domain', 'https://', '-x.com', 'ñ@onetrust.com', 'ü:pw@evil.example/x']) {
    expect(domainOf(bad).error?.issues.map((issue) => issue.message)).toEqual([TPRM_MESSAGES.domainInvalid])
  }
})
