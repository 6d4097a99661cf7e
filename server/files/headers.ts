/** A Content-Disposition that no file name can break out of (RFC 6266 with an RFC 5987 name). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string) {
  // Control and format characters (a right-to-left override can disguise an extension) and lone surrogates go.
  const name = fileName.replace(/[\p{Cc}\p{Cf}]|\p{Cs}/gu, '') || 'document'
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'document'
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** What a browser shows in the page (the viewer's frame) rather than saves: PDFs and images. */
export function previewKind(contentType: string): 'pdf' | 'image' | null {
  return contentType === 'application/pdf' ? 'pdf' : contentType.startsWith('image/') ? 'image' : null
}

/** Files shown inline run no script: anything but a PDF is sandboxed outright. */
export function inlineFileHeaders(contentType: string): Record<string, string> {
  if (contentType === 'application/pdf') return { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'" }
  return { 'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'" }
}
