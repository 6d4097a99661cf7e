import { describe, expect, it } from 'vitest'
import { bodyRefusal, FORM_BODY_LIMIT, uploadRouteOf } from './limits'

const incoming = (method: string, type: string | undefined, length: number | undefined, extra: Record<string, string> = {}) => ({
  method,
  headers: { ...(type ? { 'content-type': type } : {}), ...(length === undefined ? {} : { 'content-length': String(length) }), ...extra },
})

describe('request body limits', () => {
  it('refuses any body but a form on a state-changing request', () => {
    expect(bodyRefusal(incoming('POST', 'application/json', 7), FORM_BODY_LIMIT)?.status).toBe(415)
    expect(bodyRefusal(incoming('POST', 'text/xml', 7), FORM_BODY_LIMIT)?.status).toBe(415)
    expect(bodyRefusal(incoming('POST', undefined, 7), FORM_BODY_LIMIT)?.status).toBe(415)
    expect(bodyRefusal(incoming('POST', 'application/x-www-form-urlencoded; charset=UTF-8', 7), FORM_BODY_LIMIT)).toBeNull()
    expect(bodyRefusal(incoming('POST', 'multipart/form-data; boundary=x', 7), FORM_BODY_LIMIT)).toBeNull()
    expect(bodyRefusal(incoming('POST', undefined, 0), FORM_BODY_LIMIT)).toBeNull()
    expect(bodyRefusal(incoming('GET', 'application/json', 7), FORM_BODY_LIMIT)).toBeNull()
  })

  it('refuses a body over its limit, of unknown length, or with a nonsense length, before reading it', () => {
    expect(bodyRefusal(incoming('POST', 'multipart/form-data; boundary=x', 50 * 1024 * 1024), FORM_BODY_LIMIT)?.status).toBe(413)
    expect(bodyRefusal(incoming('POST', 'multipart/form-data; boundary=x', FORM_BODY_LIMIT), FORM_BODY_LIMIT)).toBeNull()
    expect(bodyRefusal(incoming('POST', 'multipart/form-data', undefined, { 'transfer-encoding': 'chunked' }), FORM_BODY_LIMIT)?.status).toBe(411)
    expect(bodyRefusal(incoming('POST', 'application/x-www-form-urlencoded', undefined, { 'content-length': '1e400' }), FORM_BODY_LIMIT)?.status).toBe(413)
  })

  it('knows the upload actions, and nothing else, take more than a form', () => {
    expect(uploadRouteOf('POST', '/documents?uploadModal=true')?.permission).toBe('documents')
    // With JavaScript the page's form posts to the data form of the same path.
    expect(uploadRouteOf('POST', '/documents.data?uploadModal=true')?.permission).toBe('documents')
    expect(uploadRouteOf('POST', '/knowledge-base.data')?.permission).toBe('knowledge-base')
    expect(uploadRouteOf('POST', '/documents.database')).toBeUndefined()
    expect(uploadRouteOf('GET', '/documents')).toBeUndefined()
    expect(uploadRouteOf('POST', '/login')).toBeUndefined()
    expect(uploadRouteOf('POST', '/invite/abc')).toBeUndefined()
    expect(uploadRouteOf('POST', '/portal/northwind')).toBeUndefined()
  })
})
