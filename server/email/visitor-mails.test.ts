import { describe, expect, it } from 'vitest'
import { brandedMail, type MailOrg } from './layout'
import {
  accessExpiredMail,
  accessExpiringMail,
  approvedMail,
  colleagueInviteMail,
  declinedMail,
  extendRequestMail,
  loginLinkMail,
  newRequestMail,
  noAccessYetMail,
  requestPendingMail,
  requestReceivedMail,
  type Mail,
} from './visitor-mails'

const org: MailOrg = { name: 'Northwind Cloud', logoUrl: '/images/northwind.png', portalUrl: 'https://trust.northwind.test/portal/northwind', portalTitle: 'Trust Center' }
const LOGO = 'https://trust.northwind.test/images/northwind.png'
const LOGIN = 'https://trust.northwind.test/portal/northwind/access?token=AbCdEfGhIjKlMnOpQrStUvWxYz012345'
const REVIEW = 'https://app.northwind.test/access-requests?status=pending'
const INVITE = 'https://trust.northwind.test/portal/northwind?inviteToken=ZyXwVuTsRqPoNmLkJiHgFeDcBa987654'

const XSS = '<img src=x onerror=alert(1)>'
const XSS_ESCAPED = '&#60;img src=x onerror=alert(1)&#62;'
// A stored name with a line break: it must not start a header or a line of its own.
const CRLF = 'Ann\r\nBcc: victim@example.test'

const person = (firstName: string) => ({ firstName })
const request = (firstName: string) => ({
  firstName,
  lastName: 'Lee',
  email: 'ann@acme.test',
  companyName: 'Acme Corp',
  jobTitle: 'Security Engineer',
  relationship: 'Customer',
  country: 'Germany',
  productName: 'Northwind Platform',
  message: 'We are evaluating you.\nPlease share the SOC 2 report.',
})
const member = (firstName: string) => ({ firstName, lastName: 'Lee', email: 'ann@acme.test', accountName: 'Acme Corp' })
const invite = (inviterName: string) => ({ inviterName, accountName: 'Acme Corp', message: 'Have a look at their SOC 2.' })

/** Every builder, called with a first name (or inviter name) that a test picks, and the link it must carry. */
const builders: Record<string, { build: (name: string, on?: MailOrg) => Mail; subject: string; link: string | null; button: string | null }> = {
  requestReceivedMail: {
    build: (name, on = org) => requestReceivedMail(on, person(name)),
    subject: "Your access request to Northwind Cloud's Trust Center",
    link: null,
    button: null,
  },
  newRequestMail: {
    build: (name, on = org) => newRequestMail(on, request(name), REVIEW),
    subject: 'New access request from Ann Lee (Acme Corp)',
    link: REVIEW,
    button: 'Review request',
  },
  approvedMail: {
    build: (name, on = org) => approvedMail(on, person(name), LOGIN, 15),
    subject: "Your access to Northwind Cloud's Trust Center has been approved",
    link: LOGIN,
    button: 'Open the Trust Center',
  },
  declinedMail: { build: (name, on = org) => declinedMail(on, person(name)), subject: "Update on your access request to Northwind Cloud's Trust Center", link: null, button: null },
  loginLinkMail: {
    build: (name, on = org) => loginLinkMail(on, person(name), LOGIN, 15),
    subject: "Your login link for Northwind Cloud's Trust Center",
    link: LOGIN,
    button: 'Log in',
  },
  colleagueInviteMail: {
    build: (name, on = org) => colleagueInviteMail(on, invite(name), INVITE),
    subject: "Ann invited you to Northwind Cloud's Trust Center",
    link: INVITE,
    button: 'Request access',
  },
  accessExpiringMail: {
    build: (name, on = org) => accessExpiringMail(on, person(name), 'March 4, 2027', on.portalUrl),
    subject: "Your access to Northwind Cloud's Trust Center ends on March 4, 2027",
    link: org.portalUrl,
    button: 'Extend access',
  },
  accessExpiredMail: {
    build: (name, on = org) => accessExpiredMail(on, person(name), LOGIN, 15),
    subject: "Your access to Northwind Cloud's Trust Center has expired",
    link: LOGIN,
    button: 'Log in to extend access',
  },
  requestPendingMail: {
    build: (name, on = org) => requestPendingMail(on, person(name)),
    subject: "Your access request to Northwind Cloud's Trust Center is waiting for review",
    link: null,
    button: null,
  },
  extendRequestMail: {
    build: (name, on = org) => extendRequestMail(on, member(name), REVIEW),
    subject: 'Access extension request from Ann Lee (Acme Corp)',
    link: REVIEW,
    button: 'Review request',
  },
}

const imgSources = (html: string) => [...html.matchAll(/<img\b[^>]*>/gi)].map(([tag]) => /\ssrc="([^"]*)"/.exec(tag)?.[1])
const lines = (text: string) => text.split(/\r\n|\r|\n/)

describe.each(Object.entries(builders))('%s', (_, { build, subject, link, button }) => {
  it('has its subject, on one line', () => {
    const mail = build('Ann')
    expect(mail.subject).toBe(subject)
  })

  it('escapes a hostile name in the HTML and keeps it as plain text in the text part', () => {
    const mail = build(XSS)
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain(XSS_ESCAPED)
    expect(imgSources(mail.html)).toEqual([LOGO])
  })

  it('keeps a name with CR/LF from starting a line in the subject or the text', () => {
    const mail = build(CRLF)
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(lines(mail.text).some((line) => line.startsWith('Bcc:'))).toBe(false)
    // The invitation relays names without live links (victim@example[.]test).
    expect(mail.text).toMatch(/Ann Bcc: victim@example(\.|\[\.\])test/)
    expect(mail.html).not.toMatch(/Ann[\r\n]/)
  })

  it('shows the logo resolved against the portal origin, and no other image or script', () => {
    const { html } = build('Ann')
    expect(imgSources(html)).toEqual([LOGO])
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<link\b|<style\b|url\(/i)
    expect(html).toMatch(/^<!DOCTYPE html>/)
    expect(html).toContain('max-width:600px')
  })

  it('carries its link in both parts, with the footer back to the portal', () => {
    const mail = build('Ann')
    if (link) {
      expect(mail.text).toContain(`${button}: ${link}`)
      // Once as the button, once printed below it for clients that strip buttons.
      expect(mail.html.split(`href="${link}"`).length - 1).toBeGreaterThanOrEqual(2)
      expect(mail.html).toContain(`>${button}</a>`)
      expect(mail.html).toContain(`>${link}</a>`)
    }
    expect(mail.text).toContain(org.portalUrl)
    expect(mail.html).toContain(`href="${org.portalUrl}"`)
    expect(mail.text).toContain('Northwind Cloud · Trust Center')
    expect(mail.html).toContain('Northwind Cloud · Trust Center')
    expect(mail.text).toContain("because of an action on Northwind Cloud's Trust Center")
    // Only the links the mail is about: no tracker, no third party.
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href)
    expect(new Set(hrefs)).toEqual(new Set([org.portalUrl, ...(link ? [link] : [])]))
  })

  it('escapes a hostile org name and portal title and keeps them on one line', () => {
    const mail = build('Ann', { ...org, name: `Evil\r\nBcc: x@example.test ${XSS}`, portalTitle: `<script>alert(1)</script>` })
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.html).not.toMatch(/<script/i)
    expect(mail.html).not.toContain('<img src=x')
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;')
    expect(lines(mail.text).some((line) => line.startsWith('Bcc:'))).toBe(false)
  })
})

describe('copy', () => {
  it('tells the approved visitor how long the link works and where to get a new one', () => {
    const mail = approvedMail(org, { firstName: 'Ann' }, LOGIN, 15)
    expect(mail.text).toContain('Hi Ann,')
    expect(mail.text).toContain('works once and expires in 15 minutes')
    expect(mail.text).toContain('Log in tab')
  })

  it('says what an approval grants, the NDA next, and reads as plain text on its own', () => {
    const approval = {
      productName: 'Northwind Platform',
      profileName: 'Security documentation',
      expiresAt: '2027-11-29T12:00:00.000Z',
      documents: ['SOC 2 Type II report', 'Penetration test summary'],
      moreDocuments: 0,
      ndaNext: true,
    }
    const mail = approvedMail(org, { firstName: 'Ann' }, LOGIN, 15, approval)
    expect(mail.text).toContain(
      'Product: Northwind Platform\nAccess: Security documentation\nAccess until: November 29, 2027\nDocuments: SOC 2 Type II report and Penetration test summary',
    )
    expect(mail.text).toContain("you will be asked to accept Northwind Cloud's non-disclosure agreement (NDA)")
    expect(mail.text).toContain(`: ${LOGIN}`)
    expect(mail.text).toContain('E-mail me a new link')
    expect(mail.html).toContain('Access until')
    // Past the first few, the rest are counted; without the NDA to accept, no word of it.
    const many = approvedMail(org, { firstName: 'Ann' }, LOGIN, 15, { ...approval, documents: ['A', 'B', 'C', 'D', 'E'], moreDocuments: 3, ndaNext: false })
    expect(many.text).toContain('Documents: A, B, C, D, E and 3 more')
    expect(many.text).not.toContain('NDA')
  })

  it('tells a visitor who did not ask for a login link to ignore it', () => {
    const mail = loginLinkMail(org, { firstName: 'Ann' }, LOGIN, 15)
    expect(mail.text).toContain('expires in 15 minutes')
    expect(mail.text).toContain('If you did not ask to log in, you can ignore this e-mail.')
  })

  it('lists the request fields for staff and quotes the message with its line breaks', () => {
    const mail = newRequestMail(org, { ...request('Ann'), message: `Line one\r\n<b>Line two</b>\n\n\n\nLast` }, REVIEW)
    expect(mail.text).toContain('E-mail: ann@acme.test')
    expect(mail.text).toContain('Company: Acme Corp')
    expect(mail.text).toContain('Product: Northwind Platform')
    expect(mail.text).toContain('> Line one\n> <b>Line two</b>\n>\n> Last')
    expect(mail.html).toContain('Line one<br>&#60;b&#62;Line two&#60;/b&#62;<br><br>Last</blockquote>')
  })

  it('leaves out request fields that were not asked for', () => {
    const mail = newRequestMail(org, { firstName: 'Ann', lastName: 'Lee', email: 'ann@acme.test', companyName: 'Acme Corp', jobTitle: null }, REVIEW)
    expect(mail.text).not.toContain('Job title')
    expect(mail.html).not.toContain('<blockquote')
  })

  it('quotes the inviter’s message and leaves it out when there is none', () => {
    const withMessage = colleagueInviteMail(org, { inviterName: 'Ann Lee', accountName: 'Acme Corp', message: 'Hi Bob,\nsee their SOC 2.' }, INVITE)
    expect(withMessage.subject).toBe("Ann Lee invited you to Northwind Cloud's Trust Center")
    expect(withMessage.html).toContain('<blockquote')
    expect(withMessage.html).toContain('Hi Bob,<br>see their SOC 2.')
    expect(withMessage.text).toContain('> Hi Bob,\n> see their SOC 2.')
    const without = colleagueInviteMail(org, { inviterName: 'Ann Lee', accountName: 'Acme Corp', message: null }, INVITE)
    expect(without.html).not.toContain('<blockquote')
    expect(without.text).not.toContain('wrote:')
  })

  it('uses a renamed portal title, alone when it already names the org', () => {
    expect(loginLinkMail({ ...org, portalTitle: 'Security Portal' }, { firstName: 'Ann' }, LOGIN, 15).subject).toBe("Your login link for Northwind Cloud's Security Portal")
    expect(loginLinkMail({ ...org, portalTitle: 'Northwind Cloud Trust Portal' }, { firstName: 'Ann' }, LOGIN, 15).subject).toBe('Your login link for Northwind Cloud Trust Portal')
    expect(loginLinkMail({ ...org, portalTitle: '' }, { firstName: 'Ann' }, LOGIN, 15).subject).toBe("Your login link for Northwind Cloud's Trust Center")
    expect(requestReceivedMail({ ...org, name: 'Acme Systems' }, { firstName: 'Ann' }).subject).toBe("Your access request to Acme Systems' Trust Center")
  })

  it('greets without a name when there is none', () => {
    expect(declinedMail(org, { firstName: ' ' }).text).toContain('Hello,')
  })
})

describe('brandedMail', () => {
  const body = { subject: 'Subject', heading: 'Heading', paragraphs: ['Paragraph'] }

  it('keeps an absolute logo and shows the org name instead of one that is neither http(s) nor relative', () => {
    expect(imgSources(brandedMail({ ...org, logoUrl: 'https://cdn.northwind.test/logo.png' }, body).html)).toEqual(['https://cdn.northwind.test/logo.png'])
    expect(imgSources(brandedMail({ ...org, logoUrl: 'images/logo.png' }, body).html)).toEqual(['https://trust.northwind.test/images/logo.png'])
    for (const logoUrl of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'cid:logo', null, '  ']) {
      const { html } = brandedMail({ ...org, logoUrl }, body)
      expect(imgSources(html)).toEqual([])
      expect(html).toContain('>Northwind Cloud</span>')
      expect(html).not.toContain('javascript:')
    }
  })

  it("paints the button and its link in the org's brand colour, and only a #rrggbb colour", () => {
    const button = { label: 'Open', href: 'https://trust.northwind.test/portal/northwind' }
    const branded = brandedMail({ ...org, brandColor: '#7c2d12' }, { ...body, button }).html
    expect(branded).toContain('bgcolor="#7c2d12"')
    expect(branded).toContain('color:#7c2d12;text-decoration:underline')
    for (const brandColor of [null, 'red;background:url(https://evil.test/x)', '#7C2D12']) {
      const html = brandedMail({ ...org, brandColor }, { ...body, button }).html
      expect(html).toContain('bgcolor="#111827"')
      expect(html).not.toContain('evil.test')
    }
  })

  it('escapes a logo URL that would break out of its attribute', () => {
    const { html } = brandedMail({ ...org, logoUrl: '/logo.png?a="><script>alert(1)</script>' }, body)
    expect(html).not.toMatch(/<script/i)
    expect(imgSources(html)).toHaveLength(1)
  })

  it('refuses a link that is not an absolute http(s) URL', () => {
    expect(() => brandedMail(org, { ...body, button: { label: 'Go', href: 'javascript:alert(1)' } })).toThrow()
    expect(() => brandedMail(org, { ...body, button: { label: 'Go', href: '/relative' } })).toThrow()
    expect(() => brandedMail({ ...org, portalUrl: 'javascript:alert(1)' }, body)).toThrow()
  })

  it('escapes the ampersands of a link in the HTML and keeps them in the text', () => {
    const href = 'https://trust.northwind.test/portal/northwind?a=1&b=2'
    const mail = brandedMail(org, { ...body, button: { label: 'Go', href } })
    expect(mail.html).toContain('href="https://trust.northwind.test/portal/northwind?a=1&#38;b=2"')
    expect(mail.text).toContain(`Go: ${href}`)
  })
})

describe('noAccessYetMail', () => {
  it('tells an address without access how to request it, with no secret in it', () => {
    const url = `${org.portalUrl}?requestAccess=true&email=ann%40acme.test`
    const mail = noAccessYetMail(org, url)
    expect(mail.subject).toBe("Logging in to Northwind Cloud's Trust Center")
    expect(mail.text).toContain(`Request access: ${url}`)
    expect(mail.html).toContain('href="https://trust.northwind.test/portal/northwind?requestAccess=true&#38;email=ann%40acme.test"')
  })
})
