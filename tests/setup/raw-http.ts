import http from 'node:http'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/**
 * A request through node:http, answered with the bytes as sent: fetch would decode a coded body and send an
 * Accept-Encoding of its own. The path is sent as written (no URL normalisation).
 */
export function rawRequest(base: string, pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(`${base}/`, { method, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
