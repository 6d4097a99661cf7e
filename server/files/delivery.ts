import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { Database } from '../../db/index'
import { accountMember, type PortalViewer } from '../access/viewer'
import type { PortalOrg } from '../portal/resolve'
import { bridgeLetterPdf } from './letter'
import type { LetterSource } from './letters'
import { fileStore, StoreUnavailable, type StoreEnv } from './store'
import { stampPdf, watermarkCache, type Stamp } from './watermark'
import type { PdfLogo } from './pdf-logo'

// What leaves the portal is what this viewer gets (PRODUCT.md section 5): a PDF for an account member is
// stamped with their e-mail, company and the date, unless the document is public or the org turned
// watermarks off. A stamped copy is made once per viewer and day and then read from disk, so a 50 MB
// PDF is not held in memory per request.

/**
 * 'unreadable': a PDF that cannot be stamped; 'unavailable': the file store cannot be reached, or the stamped
 * copy could not be written (disk full).
 */
export type Delivered = { body: Readable; size: number | null } | 'gone' | 'unreadable' | 'unavailable'

/** The stamp for this viewer, or null when nothing they fetch is stamped. */
export async function watermarkStamp(db: Database, org: PortalOrg, viewer: PortalViewer, now = new Date()): Promise<Stamp | null> {
  const member = accountMember(viewer)
  if (!member) return null
  const setting = await db.selectFrom('portal_customizations').select('watermark_enabled').where('org_id', '=', org.id).executeTakeFirst()
  return setting?.watermark_enabled === false ? null : { email: member.email, company: viewer.account!.accountName, date: now }
}

const PDF = 'application/pdf'

/** A stored file's bytes for this viewer: stamped when it is a PDF that is not public and a stamp applies. */
export function deliverFile(env: StoreEnv, file: { sha256: string; content_type: string; size_bytes: number }, isPublic: boolean, stamp: Stamp | null): Promise<Delivered> {
  return unlessStoreDown(() => deliverStored(env, file, isPublic, stamp))
}

/**
 * Whether a stored file's bytes are there, without reading them: a HEAD answers what its GET would
 * (404 when they are gone, 503 while the store cannot be reached).
 */
export function storedFileState(env: StoreEnv, sha256: string): Promise<'present' | 'gone' | 'unavailable'> {
  return unlessStoreDown(async () => ((await fileStore(env).has(sha256)) ? 'present' : 'gone'))
}

/** A stored file's bytes as they were uploaded (staff's downloads of a customer's file): never stamped. */
export function deliverBlob(env: StoreEnv, sha256: string): Promise<ReadableStream<Uint8Array> | 'gone' | 'unavailable'> {
  return unlessStoreDown(async () => (await fileStore(env).get(sha256)) ?? 'gone')
}

/** The store down is an answer ('unavailable', a 503 where it is sent), logged for the operator, never a 500. */
async function unlessStoreDown<T>(read: () => Promise<T>): Promise<T | 'unavailable'> {
  try {
    return await read()
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error
    console.error('[files] the file store cannot be reached:', error.message)
    return 'unavailable'
  }
}

async function deliverStored(env: StoreEnv, file: { sha256: string; content_type: string; size_bytes: number }, isPublic: boolean, stamp: Stamp | null): Promise<Delivered> {
  const store = fileStore(env)
  if (!stamp || isPublic || file.content_type !== PDF) {
    const stream = await store.get(file.sha256)
    return stream ? { body: Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>), size: file.size_bytes } : 'gone'
  }
  const stamped = await watermarkCache(env.DATA_DIR)
    .get({ ...stamp, sha256: file.sha256 }, async () => {
      const stream = await store.get(file.sha256)
      return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null
    })
    .catch((error: unknown) => {
      console.error('[files] a stamped copy could not be written:', error)
      return 'unavailable' as const
    })
  if (stamped === null) return 'gone'
  if (typeof stamped === 'string') return stamped
  return { body: createReadStream(stamped.path), size: stamped.size }
}

/** A bridge letter, generated now (a page or two), stamped as its item's documents would be. */
export async function deliverLetter(org: PortalOrg, letter: LetterSource, isPublic: boolean, stamp: Stamp | null, logo: PdfLogo | null, now = new Date()): Promise<Delivered> {
  const bytes = await bridgeLetterPdf({ orgName: org.name, ...letter, date: now, logo })
  const final = stamp && !isPublic ? await stampPdf(bytes, stamp) : bytes
  if (!final) return 'unreadable'
  return { body: Readable.from([final]), size: final.byteLength }
}
