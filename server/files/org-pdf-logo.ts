import type { Database } from '../../db/index'
import type { PdfLogo } from './pdf-logo'
import { fileStore, StoreUnavailable, type StoreEnv } from './store'

// The company's uploaded logo read from the store for the PDFs the portal makes (server/files/pdf-logo.ts draws it).

const KINDS: Record<string, PdfLogo['kind']> = { 'image/png': 'png', 'image/jpeg': 'jpeg' }
const MAX_BYTES = 1024 * 1024

/** The org's uploaded logo as a PDF can draw it, or null. */
export async function orgPdfLogo(db: Database, env: StoreEnv, orgId: string): Promise<PdfLogo | null> {
  const file = await db
    .selectFrom('orgs')
    .innerJoin('files', 'files.id', 'orgs.logo_file_id')
    .select(['files.sha256', 'files.content_type', 'files.size_bytes'])
    .where('orgs.id', '=', orgId)
    .executeTakeFirst()
  const kind = file && KINDS[file.content_type]
  if (!file || !kind || file.size_bytes > MAX_BYTES) return null
  try {
    const stream = await fileStore(env).get(file.sha256)
    return stream ? { bytes: new Uint8Array(await new Response(stream).arrayBuffer()), kind } : null
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error
    return null
  }
}
