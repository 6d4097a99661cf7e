import { describe, expect, it } from 'vitest'
import { contentDisposition, previewKind } from './headers'

describe('contentDisposition', () => {
  it('drops control and format characters and lone surrogates, which could disguise or break a name', () => {
    expect(contentDisposition('attachment', 'report\u202Efdp.exe')).toBe(`attachment; filename="reportfdp.exe"; filename*=UTF-8''reportfdp.exe`)
    expect(contentDisposition('inline', 'a\r\nb\u0000.pdf')).toBe(`inline; filename="ab.pdf"; filename*=UTF-8''ab.pdf`)
    expect(contentDisposition('inline', 'x\uD800.pdf')).toBe(`inline; filename="x.pdf"; filename*=UTF-8''x.pdf`)
    expect(contentDisposition('inline', '\u200B')).toBe(`inline; filename="document"; filename*=UTF-8''document`)
  })

  it('keeps other scripts in the RFC 5987 name and quotes nothing unsafe in the plain one', () => {
    expect(contentDisposition('attachment', 'Rapport "été";.pdf')).toBe(`attachment; filename="Rapport __t___.pdf"; filename*=UTF-8''${encodeURIComponent('Rapport "été";.pdf')}`)
  })
})

describe('previewKind', () => {
  it('shows PDFs and images in the page, nothing else', () => {
    expect([previewKind('application/pdf'), previewKind('image/png'), previewKind('application/msword')]).toEqual(['pdf', 'image', null])
  })
})
