import { brandedMail, portalTitle, trustCenterName, type MailOrg } from './layout'
import { oneLine, unlinked } from './text'
import { formatDate } from '../../app/lib/format'

/**
 * The mails of the visitor-access journey (PRODUCT.md section 3), each built from the org and the values
 * it names. brandedMail escapes everything and keeps names on one line; these only write the copy.
 */
export type Mail = { subject: string; text: string; html: string }

export const greeting = (firstName: string) => (oneLine(firstName) ? `Hi ${oneLine(firstName)},` : 'Hello,')
const fullName = (person: { firstName: string; lastName: string }) => oneLine(`${oneLine(person.firstName)} ${oneLine(person.lastName)}`)
const linkNote = (minutes: number) => `This link works once and expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`

/** To the requester: the request is in, the team will review it. */
export function requestReceivedMail(org: MailOrg, to: { firstName: string }): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Your access request to ${center}`,
    heading: 'We received your request',
    paragraphs: [
      greeting(to.firstName),
      `Thanks for requesting access to ${center}. The ${oneLine(org.name)} team will review your request.`,
      'You will get an e-mail as soon as it has been decided.',
    ],
  })
}

/** To the staff who review requests and the support mailbox. */
export function newRequestMail(
  org: MailOrg,
  request: {
    firstName: string
    lastName: string
    email: string
    companyName: string
    jobTitle?: string | null
    relationship?: string | null
    country?: string | null
    productName?: string | null
    message?: string | null
  },
  reviewUrl: string,
): Mail {
  const name = fullName(request)
  const company = oneLine(request.companyName)
  return brandedMail(org, {
    subject: `New access request from ${name}${company ? ` (${company})` : ''}`,
    heading: 'New access request',
    paragraphs: [`${name}${company ? ` from ${company}` : ''} has requested access to ${trustCenterName(org)}.`],
    details: [
      { label: 'Name', value: name },
      { label: 'E-mail', value: request.email },
      { label: 'Company', value: request.companyName },
      { label: 'Job title', value: request.jobTitle ?? '' },
      { label: 'Relationship', value: request.relationship ?? '' },
      { label: 'Country', value: request.country ?? '' },
      { label: 'Product', value: request.productName ?? '' },
    ],
    quote: request.message ?? undefined,
    button: { label: 'Review request', href: reviewUrl },
  })
}

/** What an approval grants, for its mail (server/visitors/grant.ts approvalSummary). */
export interface ApprovalSummary {
  productName: string
  profileName: string
  /** ISO time the access ends. */
  expiresAt: string
  /** Titles of restricted documents it unlocks, the first few; `moreDocuments` counts the rest. */
  documents: string[]
  moreDocuments: number
  /** The NDA is to be accepted before restricted content opens. */
  ndaNext: boolean
}

/** "A, B and C", "A, B and 3 more". */
function listed(titles: string[], more: number) {
  const names = titles.map(oneLine).filter(Boolean)
  if (more > 0) return `${names.join(', ')} and ${more} more`
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '')
}

/** To the requester: approved, with what it grants and a login link (and the way to a fresh one). */
export function approvedMail(org: MailOrg, to: { firstName: string }, loginUrl: string, minutes: number, approval: ApprovalSummary | null = null): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Your access to ${center} has been approved`,
    heading: 'Your access has been approved',
    paragraphs: [
      greeting(to.firstName),
      `Good news: your request to access ${center} has been approved. Use the button below to log in.`,
      approval?.ndaNext ? `Before restricted content opens, you will be asked to accept ${oneLine(org.name)}'s non-disclosure agreement (NDA).` : '',
    ],
    details: approval
      ? [
          { label: 'Product', value: approval.productName },
          { label: 'Access', value: approval.profileName },
          { label: 'Access until', value: formatDate(approval.expiresAt) },
          { label: 'Documents', value: listed(approval.documents, approval.moreDocuments) },
        ]
      : undefined,
    button: { label: `Open the ${portalTitle(org)}`, href: loginUrl },
    note: `${linkNote(minutes)} If it has expired, open it anyway and choose "E-mail me a new link", or use the Log in tab of the ${portalTitle(org)}.`,
  })
}

/** To the requester: declined, politely. */
export function declinedMail(org: MailOrg, to: { firstName: string }): Mail {
  const center = trustCenterName(org)
  const name = oneLine(org.name)
  return brandedMail(org, {
    subject: `Update on your access request to ${center}`,
    heading: 'Your access request was not approved',
    paragraphs: [
      greeting(to.firstName),
      `Thank you for your interest in ${center}. After review, the ${name} team could not approve your request at this time.`,
      `If you think this is a mistake or still need this information, please reach out to your point of contact at ${name} or to their support team.`,
    ],
  })
}

/** To a member who asked to log in again. */
export function loginLinkMail(org: MailOrg, to: { firstName: string }, loginUrl: string, minutes: number): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Your login link for ${center}`,
    heading: 'Your login link',
    paragraphs: [greeting(to.firstName), `Use the button below to log in to ${center}.`],
    button: { label: 'Log in', href: loginUrl },
    note: `${linkNote(minutes)} If you did not ask to log in, you can ignore this e-mail.`,
  })
}

/** To a member whose access to the product has ended, asking by either tab: signed in, they can ask to extend it. */
export function accessExpiredMail(org: MailOrg, to: { firstName: string }, loginUrl: string, minutes: number): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Your access to ${center} has expired`,
    heading: 'Your access has expired',
    paragraphs: [
      greeting(to.firstName),
      `Your access to ${center} has expired. To ask the ${oneLine(org.name)} team to extend it, log in with the button below and choose Extend access.`,
    ],
    button: { label: 'Log in to extend access', href: loginUrl },
    note: `${linkNote(minutes)} If you did not ask for this, you can ignore this e-mail.`,
  })
}

/** To a requester whose earlier request still waits for review, asking again by either tab. */
export function requestPendingMail(org: MailOrg, to: { firstName: string }): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Your access request to ${center} is waiting for review`,
    heading: 'Your request is waiting for review',
    paragraphs: [
      greeting(to.firstName),
      `Your request to access ${center} is waiting for review by the ${oneLine(org.name)} team.`,
      'You will get an e-mail as soon as it has been decided; there is no need to ask again.',
    ],
  })
}

/** To an address with no access and no request, asking for a login link: the way to ask for access. */
export function noAccessYetMail(org: MailOrg, requestUrl: string): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Logging in to ${center}`,
    heading: 'This address has no access yet',
    paragraphs: ['Hello,', `Someone, hopefully you, asked to log in to ${center} with this address, which has no access yet.`, 'You can request access with the button below.'],
    button: { label: 'Request access', href: requestUrl },
    note: 'If you did not ask to log in, you can ignore this e-mail.',
  })
}

/** To a colleague a member invited; the link opens the request form prefilled. */
export function colleagueInviteMail(org: MailOrg, invite: { inviterName: string; accountName: string; message: string | null }, inviteUrl: string): Mail {
  const center = trustCenterName(org)
  // A member's words sent from the org's sender: no live link in them (issue 21).
  const inviter = unlinked(oneLine(invite.inviterName))
  const account = unlinked(oneLine(invite.accountName))
  const message = invite.message?.trim() ? unlinked(invite.message) : undefined
  return brandedMail(org, {
    subject: `${inviter} invited you to ${center}`,
    heading: `You're invited to ${center}`,
    paragraphs: [
      `${inviter}${account ? ` from ${account}` : ''} invited you to ${center}, where ${oneLine(org.name)} shares its security and compliance information.`,
      ...(message ? [`${inviter} wrote:`] : []),
    ],
    quote: message,
    button: { label: 'Request access', href: inviteUrl },
    note: 'If you were not expecting this invitation, you can ignore this e-mail.',
  })
}

/** To a member whose access is about to end. */
export function accessExpiringMail(org: MailOrg, to: { firstName: string }, expiresOn: string, portalUrl: string): Mail {
  const center = trustCenterName(org)
  const date = oneLine(expiresOn)
  return brandedMail(org, {
    subject: `Your access to ${center} ends on ${date}`,
    heading: 'Your access ends soon',
    paragraphs: [greeting(to.firstName), `Your access to ${center} ends on ${date}.`, `If you still need it, you can ask the ${oneLine(org.name)} team to extend it.`],
    button: { label: 'Extend access', href: portalUrl },
  })
}

/** To the staff who review requests: a member asks to keep their access. */
export function extendRequestMail(org: MailOrg, member: { firstName: string; lastName: string; email: string; accountName: string; itemTitle?: string }, reviewUrl: string): Mail {
  const name = fullName(member)
  const account = oneLine(member.accountName)
  const item = member.itemTitle ? oneLine(member.itemTitle) : ''
  return brandedMail(org, {
    subject: item ? `Access request from ${name}${account ? ` (${account})` : ''} for ${item}` : `Access extension request from ${name}${account ? ` (${account})` : ''}`,
    heading: item ? 'Request for more access' : 'Request to extend access',
    paragraphs: [
      item
        ? `${name}${account ? ` from ${account}` : ''} asks for access to ${item} on ${trustCenterName(org)}.`
        : `${name}${account ? ` from ${account}` : ''} asks to extend their access to ${trustCenterName(org)}.`,
    ],
    details: [
      { label: 'Name', value: name },
      { label: 'E-mail', value: member.email },
      { label: 'Account', value: member.accountName },
      ...(item ? [{ label: 'Requested', value: item }] : []),
    ],
    button: { label: 'Review request', href: reviewUrl },
  })
}
