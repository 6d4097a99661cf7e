import { formatDate } from '../../app/lib/format'
import { UPDATE_CATEGORY_LABELS, type UpdateCategory } from '../../app/lib/schemas/updates'
import { brandedMail, portalTitle, trustCenterName, type MailOrg } from './layout'
import { escapeHtml, oneLine } from './text'
import type { Mail } from './visitor-mails'

/**
 * A trust update by e-mail (PRODUCT.md section 4): the branded mail with a link to the update on the
 * portal, an unsubscribe link, and the RFC 8058 one-click and RFC 2919 list headers. The fan-out composes
 * it once per send and stores it once with the token hidden (server/updates/fanout.ts); the worker puts
 * each recipient's unsubscribe token back in.
 */

/** What an update mail shows of its org, beyond the branded layout's: what its list headers name. */
export interface UpdateMailOrg extends MailOrg {
  slug: string
  /** Where a mailto unsubscribe goes: the org's support mailbox, else the EMAIL_FROM address. */
  unsubscribeMailbox: string
  /** EMAIL_FROM's domain: the List-Id's namespace. */
  senderDomain: string
}

export interface UpdateForMail {
  id: string
  /** The update's title: the mail's subject and heading. */
  title: string
  /** The topic's subject. */
  subject: string
  category: string
  message: string
  createdAt: Date | string
}

export type UpdateMail = Mail & { headers: Record<string, string> }

// Letters only: escapeHtml and oneLine leave it alone, so it survives the layout and is swapped per mail.
const TOKEN_MARK = 'TcuUnsubscribeTokenMark'

/** The portal page that asks before it unsubscribes, and the RFC 8058 one-click endpoint (POST). */
function unsubscribeUrls(portalUrl: string, token: string) {
  return { page: `${portalUrl}/?unsubscribeToken=${token}`, oneClick: `${portalUrl}/unsubscribe?token=${token}` }
}

/**
 * The mail of one update for any recipient: the layout runs once, each call only puts in the token. The
 * mail names nobody else, so stored with its token hidden every recipient's copy is the same
 * (storeSharedContent keeps it once per send).
 */
export function updateMailTemplate(org: UpdateMailOrg, update: UpdateForMail): (token: string) => UpdateMail {
  const center = trustCenterName(org)
  const title = oneLine(update.title)
  const links = unsubscribeUrls(org.portalUrl, TOKEN_MARK)
  const unsubscribeLine = `Unsubscribe: ${links.page}`
  const mail = brandedMail(org, {
    subject: `${oneLine(org.name)} update: ${title}`,
    heading: title,
    // The message's own line breaks become paragraphs.
    paragraphs: update.message.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/),
    details: [
      { label: 'Topic', value: oneLine(update.subject) },
      { label: 'Category', value: categoryLabel(update.category) },
      { label: 'Published', value: formatDate(update.createdAt) },
    ],
    button: { label: `Read it on the ${portalTitle(org)}`, href: `${org.portalUrl}/?tcuUid=${encodeURIComponent(update.id)}` },
    note: `You receive updates from ${center} at this address. ${unsubscribeLine}`,
  })
  // The layout prints the note as text; in HTML the unsubscribe URL becomes a link.
  const escapedLine = escapeHtml(unsubscribeLine)
  if (!mail.html.includes(escapedLine)) throw new Error('The update mail lost its unsubscribe line')
  const html = mail.html.replace(escapedLine, `<a href="${escapeHtml(links.page)}" style="color:#6b7280;text-decoration:underline;">Unsubscribe</a>`)
  const listUnsubscribe = `<${links.oneClick}>, <mailto:${org.unsubscribeMailbox}?subject=unsubscribe>`
  const listId = `"${oneLine(`${org.name} trust updates`).replace(/["\\]/g, '\\$&')}" <updates.${org.slug}.${org.senderDomain}>`
  return (token) => ({
    subject: mail.subject,
    text: mail.text.replaceAll(TOKEN_MARK, token),
    html: html.replaceAll(TOKEN_MARK, token),
    headers: {
      'List-Unsubscribe': listUnsubscribe.replaceAll(TOKEN_MARK, token),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': listId,
    },
  })
}

const categoryLabel = (category: string) => UPDATE_CATEGORY_LABELS[category as UpdateCategory] ?? category
