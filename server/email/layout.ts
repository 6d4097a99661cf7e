import { escapeHtml, oneLine } from './text'

/** What a branded mail shows of its org (server/visitors/mail-org.ts reads it from the database). */
export interface MailOrg {
  name: string
  logoUrl: string | null
  portalUrl: string
  portalTitle: string
  /** The org's brand colour (`#rrggbb`, AA contrast with white kept when saved): the button and links; absent, ink. */
  brandColor?: string | null
}

/**
 * A mail's content, as plain text: brandedMail escapes it for the HTML part and flattens every part but
 * the quote onto one line, so builders pass stored values (names, messages) as they are.
 */
export interface MailBody {
  subject: string
  heading: string
  paragraphs: string[]
  /** Label and value rows, such as the fields of an access request. */
  details?: ReadonlyArray<{ label: string; value: string }>
  /** A personal message shown as a blockquote; its line breaks are kept. */
  quote?: string
  button?: { label: string; href: string }
  /** Small print under the button, e.g. how long the link works. */
  note?: string
}

export type BrandedMail = { subject: string; text: string; html: string }

const DEFAULT_PORTAL_TITLE = 'Trust Center'
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const INK = '#111827'
const MUTED = '#6b7280'
const PAGE = '#f4f5f7'

/** The portal's title, "Trust Center" unless the org renamed it. */
export const portalTitle = (org: MailOrg) => oneLine(org.portalTitle) || DEFAULT_PORTAL_TITLE

/** "Northwind Cloud's Trust Center"; a title that already names the org ("Northwind Security Portal") stands alone. */
export function trustCenterName(org: MailOrg) {
  const name = oneLine(org.name)
  const title = portalTitle(org)
  if (!name || title.toLowerCase().includes(name.toLowerCase())) return title
  return `${name}${/s$/i.test(name) ? "'" : "'s"} ${title}`
}

/** The org's mail: one table-based, inline-styled HTML document (no CSS file, script, tracking pixel or redirect) and its plain-text twin. */
export function brandedMail(org: MailOrg, body: MailBody): BrandedMail {
  const portalUrl = httpUrl(org.portalUrl)
  const orgName = oneLine(org.name)
  const subject = oneLine(body.subject)
  const heading = oneLine(body.heading)
  const paragraphs = body.paragraphs.map(oneLine).filter(Boolean)
  const details = (body.details ?? []).map(({ label, value }) => ({ label: oneLine(label), value: oneLine(value) })).filter(({ value }) => value)
  const quote = body.quote === undefined ? [] : quoteLines(body.quote)
  const button = body.button && { label: oneLine(body.button.label), href: httpUrl(body.button.href) }
  const note = body.note === undefined ? '' : oneLine(body.note)
  const footer = `${orgName} · ${portalTitle(org)}`
  // Only a colour as stored (#rrggbb): nothing else reaches a style attribute.
  const accent = org.brandColor && /^#[0-9a-f]{6}$/.test(org.brandColor) ? org.brandColor : INK
  const reason = `You received this e-mail because of an action on ${trustCenterName(org)}.`

  const text = [
    heading,
    ...paragraphs,
    details.map(({ label, value }) => `${label}: ${value}`).join('\n'),
    quote.map((line) => (line ? `> ${line}` : '>')).join('\n'),
    button ? `${button.label}: ${button.href}` : '',
    note,
    ['-- ', footer, portalUrl, reason].join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n')

  const logoSrc = logoUrl(org.logoUrl, portalUrl)
  const brand = logoSrc
    ? `<img src="${escapeHtml(logoSrc)}" alt="${escapeHtml(orgName)}" height="40" style="display:block;height:40px;width:auto;max-width:200px;border:0;outline:none;text-decoration:none;">`
    : `<span style="font-size:18px;line-height:24px;font-weight:700;color:${INK};">${escapeHtml(orgName)}</span>`
  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px;${style}">${content}</p>`

  const content = [
    `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:20px;line-height:28px;font-weight:600;color:${INK};">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((line) => paragraph(escapeHtml(line))),
    details.length
      ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse;">${details
          .map(
            ({ label, value }) =>
              `<tr><td valign="top" style="padding:4px 12px 4px 0;width:120px;font-family:${FONT};font-size:14px;line-height:20px;color:${MUTED};">${escapeHtml(label)}</td><td valign="top" style="padding:4px 0;font-family:${FONT};font-size:14px;line-height:20px;color:${INK};word-break:break-word;">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    quote.length
      ? `<blockquote style="margin:0 0 16px;padding:8px 0 8px 16px;border-left:3px solid #d1d5db;color:#374151;">${quote.map(escapeHtml).join('<br>')}</blockquote>`
      : '',
    button
      ? [
          // mso-padding-alt gives Outlook, which ignores padding on links, the same button size.
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;"><tr><td align="center" bgcolor="${accent}" style="border-radius:6px;background-color:${accent};mso-padding-alt:12px 24px;">`,
          `<a href="${escapeHtml(button.href)}" style="display:inline-block;padding:12px 24px;border:1px solid ${accent};border-radius:6px;font-family:${FONT};font-size:15px;line-height:20px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(button.label)}</a>`,
          '</td></tr></table>',
          paragraph(
            `If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(button.href)}" style="color:${accent};text-decoration:underline;word-break:break-all;">${escapeHtml(button.href)}</a>`,
            `font-size:13px;line-height:20px;color:${MUTED};`,
          ),
        ].join('')
      : '',
    note ? paragraph(escapeHtml(note), `font-size:13px;line-height:20px;color:${MUTED};`) : '',
  ].join('')

  // Inbox previews show this instead of the logo's alt text and the heading.
  const preheader = [...paragraphs.join(' ')].slice(0, 140).join('')
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${PAGE};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${PAGE};">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td style="padding:0 4px 16px;font-family:${FONT};"><a href="${escapeHtml(portalUrl)}" style="text-decoration:none;">${brand}</a></td></tr>
<tr><td style="padding:28px 24px 12px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:8px;font-family:${FONT};font-size:15px;line-height:24px;color:${INK};">${content}</td></tr>
<tr><td style="padding:16px 4px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};"><a href="${escapeHtml(portalUrl)}" style="color:${MUTED};text-decoration:underline;">${escapeHtml(footer)}</a><br>${escapeHtml(reason)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`

  return { subject, text, html }
}

/** `value` when it is an absolute http(s) URL; anything else in a mail's links is a bug, not content. */
function httpUrl(value: string) {
  const url = URL.canParse(value) ? new URL(value) : null
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error('A link in an e-mail must be an absolute http(s) URL')
  return value
}

/** The logo as an absolute http(s) URL (a relative one resolved against the portal's origin), or null. */
function logoUrl(value: string | null, portalUrl: string) {
  if (!value?.trim()) return null
  try {
    const url = new URL(value.trim(), new URL(portalUrl).origin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/** A message's lines, each flattened, with runs of blank lines cut to one and none at either end. */
function quoteLines(value: string) {
  const lines = value.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).map(oneLine)
  return lines.filter((line, index) => line || (index > 0 && lines[index - 1] && lines.slice(index).some(Boolean)))
}
