import { brandedMail, trustCenterName, type MailOrg } from './layout'
import type { Mail } from './visitor-mails'

/** Double opt-in (PRODUCT.md section 4): the link opens a page whose button confirms by POST. */
export function confirmSubscriptionMail(org: MailOrg, confirmUrl: string, validDays: number): Mail {
  const center = trustCenterName(org)
  return brandedMail(org, {
    subject: `Confirm your subscription to ${center} updates`,
    heading: 'Confirm your subscription',
    paragraphs: [
      `Someone, hopefully you, asked to receive updates from ${center} at this address.`,
      `Confirm within ${validDays} days to start receiving them. If you did not ask for this, ignore this e-mail: nothing will be sent.`,
    ],
    button: { label: 'Confirm subscription', href: confirmUrl },
  })
}
