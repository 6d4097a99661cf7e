// Just enough MIME to read back what nodemailer sent the fake SMTP server: headers (folded lines,
// encoded words), multipart bodies, and the quoted-printable or base64 transfer encodings.

export interface ParsedMail {
  subject: string
  to: string
  text: string
  html: string
  /** Every header of the message, by lowercased name, unfolded and decoded. */
  headers: Map<string, string>
}

interface Part {
  headers: Map<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n')
  const end = normalised.indexOf('\n\n')
  const head = end === -1 ? normalised : normalised.slice(0, end)
  const body = end === -1 ? '' : normalised.slice(end + 2)
  const headers = new Map<string, string>()
  // A header continues on lines that start with white space.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeQuotedPrintable(body: string) {
  const bytes: number[] = []
  const text = body.replace(/=\n/g, '')
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3)
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(text[index], 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(part: Part) {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return part.body
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header value. */
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\n/, ''))))
}

export function parseMail(raw: string): ParsedMail {
  const message = splitPart(raw)
  const parts = leaves(message)
  const ofType = (type: string) => parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
  const text = ofType('text/plain')
  const html = ofType('text/html')
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    to: decodeHeader(message.headers.get('to') ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
    headers: new Map([...message.headers].map(([name, value]) => [name, decodeHeader(value)])),
  }
}
