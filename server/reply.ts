// What an action or loader answers, as the domain gives it; the route hands it to `respond`
// (server/http/responses.ts), the one place that makes React Router's answers of these (decision 034).
// - `Reply`: the data its form shows, with the status (and headers) it carries, e.g. a 400 with the
//   submission's field errors.
// - `Redirect`: where to go next (post/redirect/get), with the toast the page shows there and any cookie
//   the answer sets (a session ended).
// - `Download`: a file to save, streamed, never cached (the CSV exports, the bulk download's ZIP), with any
//   headers of its own that tell a script what it holds.

export interface ReplyInit {
  status?: number
  headers?: Record<string, string>
}

export class Reply<T> {
  constructor(
    readonly data: T,
    readonly init: ReplyInit = {},
  ) {}
}

export const reply = <T>(data: T, init: ReplyInit = {}) => new Reply(data, init)

export interface RedirectInit {
  /** The message the page it lands on shows as a toast. */
  toast?: string
  /** A link the toast offers beside its message ("View account"): a path on this site. */
  toastAction?: { label: string; href: string }
  /** `Set-Cookie` values the answer carries, in order (before the toast's). */
  cookies?: readonly string[]
}

export class Redirect {
  constructor(
    /** A path on this site; anything else goes to `/` (server/http/redirect.ts). */
    readonly to: string,
    readonly init: RedirectInit = {},
  ) {}
}

/** Go to `to` (a path on this site), with a toast there and cookies set as `init` says. */
export const redirect = (to: string, init: RedirectInit = {}) => new Redirect(to, init)

export class Download {
  constructor(
    readonly body: ReadableStream<Uint8Array>,
    /** The name the browser saves it as (any text: `Content-Disposition` carries it safely). */
    readonly fileName: string,
    readonly contentType: string,
    /** Headers of its own beside the attachment's (never `Cache-Control` or `Content-Disposition`). */
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A file to save as `fileName`, its bytes read as the client reads them. */
export const download = (body: ReadableStream<Uint8Array>, fileName: string, contentType: string, headers: Record<string, string> = {}) =>
  new Download(body, fileName, contentType, headers)
