// Where a redirect may go. Every target, fixed or taken from the request (`redirectTo`, `returnTo`), is
// resolved against this deployment and must stay on it: a normalised same-origin path, never a control
// character, tab, backslash or protocol-relative `//host`. A target that fails falls back. The domain
// uses it to compute a path (an edit's return page); server/http/redirect.ts builds every redirect with it.

const BASE = 'http://deployment.invalid'
// C0 controls (tab, CR, LF included), DEL, and the backslash browsers read as a slash.
const UNSAFE = /[\u0000-\u001f\u007f\\]/

/** `target` as a path on this site (path, query and fragment), or `fallback` when it could leave it. */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback
  if (!target.startsWith('/') || target.startsWith('//') || UNSAFE.test(target)) return fallback
  let url: URL
  try {
    url = new URL(target, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const path = url.pathname + url.search + url.hash
  // Dot segments can collapse into a protocol-relative path (`/..//evil.example` becomes `//evil.example`).
  if (path.startsWith('//') || UNSAFE.test(path)) return fallback
  return path
}
