/** A Content-Disposition that no file name can break out of (RFC 6266 with an RFC 5987 name). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'document'
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** Files shown inline run no script: anything but a PDF is sandboxed outright. */
export function inlineFileHeaders(contentType: string): Record<string, string> {
  if (contentType === 'application/pdf') return { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'" }
  return { 'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'" }
}
