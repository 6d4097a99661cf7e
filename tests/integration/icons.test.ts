// Change card icon: uploads judged by their bytes, SVGs rendered to PNG, the icon served to everyone.
import { readFile } from 'node:fs/promises'
import { inflateSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { action as portalAction } from '../../app/routes/portal/portal'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute, type RouteResult } from '../setup/route'
import { PNG_SIGNATURE, solidPng as png } from '../setup/png'

/** The alpha of every pixel of an 8-bit RGBA PNG (the kind the SVG renderer writes), row filters undone. */
function alphaChannel(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes)
  const width = buffer.readUInt32BE(16)
  expect([buffer[24], buffer[25]], 'an 8-bit RGBA PNG').toEqual([8, 6])
  const parts: Buffer[] = []
  for (let offset = 8; offset < buffer.length;) {
    const length = buffer.readUInt32BE(offset)
    if (buffer.toString('ascii', offset + 4, offset + 8) === 'IDAT') parts.push(buffer.subarray(offset + 8, offset + 8 + length))
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(parts))
  const stride = width * 4
  const alphas: number[] = []
  let previous = Buffer.alloc(stride)
  for (let row = 0; row * (stride + 1) < raw.length; row++) {
    const filter = raw[row * (stride + 1)]
    const line = Buffer.from(raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1)))
    for (let i = 0; i < stride; i++) {
      const left = i >= 4 ? line[i - 4] : 0
      const up = previous[i]
      const upLeft = i >= 4 ? previous[i - 4] : 0
      const paeth = () => {
        const p = left + up - upLeft
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
        return a <= b && a <= c ? left : b <= c ? up : upLeft
      }
      const predictor = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter]
      line[i] = (line[i] + predictor) & 0xff
    }
    for (let i = 3; i < stride; i += 4) alphas.push(line[i])
    previous = line
  }
  return alphas
}

const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY lol "lollollol">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert('svg-onload')">
  <script>alert('svg-script')</script>
  <style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p.svg#x) }</style>
  <a href="javascript:alert('svg-href')"><circle cx="12" cy="12" r="10" fill="#2563eb" onclick="alert('svg-click')"/></a>
  <path d="M4 4h16v16H4z" fill="url(#g)" xlink:href="javascript:alert('svg-xlink')"/>
  <foreignObject width="24" height="24"><body xmlns="http://www.w3.org/1999/xhtml"><script>alert('svg-foreign')</script></body></foreignObject>
  <image href="https://evil.example/tracker.png" width="24" height="24"/>
  <image href="/etc/passwd" width="24" height="24"/>
  <text>&lol;</text>
</svg>`

describeEachDatabase('change card icon', (database) => {
  const KIND = 'DataSecurity'

  function post(org: OrgFixture, fields: Record<string, string | File>, cookie = org.admin.cookie) {
    return callRoute(portalAction, database(), { path: org.home, params: org.params, cookie, form: { intent: 'card.icon', returnTo: org.home, ...fields } })
  }

  /** The status and toast of a redirect, or the status and field errors of a refusal. */
  function outcome(result: RouteResult) {
    if (result.response) return { status: result.status, toast: result.toast }
    return { status: result.status, errors: result.data?.result?.error }
  }

  async function iconFileId(org: OrgFixture) {
    const { db } = database().handle
    const card = await db.selectFrom('cards').select('icon_file_id').where('product_id', '=', org.product.id).where('kind', '=', KIND).executeTakeFirstOrThrow()
    return card.icon_file_id
  }

  /** The file route as an anonymous visitor sees it. */
  function fetchAnonymously(org: OrgFixture, fileId: string) {
    return callRoute(fileLoader, database(), { path: `${org.home}/files/${fileId}`, params: { ...org.params, fileId } })
  }

  const file = (bytes: Uint8Array | string, name: string, type: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type })

  /** Gives the card a custom icon the way staff do, and returns its file's id. */
  async function uploadIcon(org: OrgFixture) {
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(png(20, 20), 'shield.png', 'image/png') }))).toEqual({ status: 302, toast: 'Card icon saved' })
    const fileId = await iconFileId(org)
    expect(fileId).not.toBeNull()
    return fileId!
  }

  it('asks for a file in custom mode when the card has no custom icon', async () => {
    const org = await createOrg(database())
    expect(await iconFileId(org)).toBeNull()
    expect(outcome(await post(org, { kind: KIND, mode: 'custom' }))).toEqual({ status: 400, errors: { icon: ['Custom icon is required'] } })
    expect(await iconFileId(org)).toBeNull()
  })

  it('saves a 20 x 20 PNG and serves it to an anonymous visitor as image/png', async () => {
    const org = await createOrg(database())
    const bytes = png(20, 20)
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(bytes, 'shield.png', 'image/png') }))).toEqual({ status: 302, toast: 'Card icon saved' })
    const fileId = await iconFileId(org)
    expect(fileId).not.toBeNull()
    const { response } = await fetchAnonymously(org, fileId!)
    expect(response!.status).toBe(200)
    expect(response!.headers.get('content-type')).toBe('image/png')
    expect(response!.headers.get('content-security-policy')).toContain('sandbox')
    expect(new Uint8Array(await response!.arrayBuffer())).toEqual(bytes)
  })

  it('refuses a PNG that is not 20 x 20 px', async () => {
    const org = await createOrg(database())
    const before = await uploadIcon(org)
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(png(21, 20), 'wide.png', 'image/png') }))).toEqual({
      status: 400,
      errors: { icon: ['The icon must be 20 x 20 px'] },
    })
    expect(await iconFileId(org)).toBe(before)
  })

  it('refuses an upload over 1 MB', async () => {
    const org = await createOrg(database())
    const big = new Uint8Array(2 * 1024 * 1024)
    big.set(png(20, 20))
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(big, 'big.png', 'image/png') }))).toEqual({
      status: 400,
      errors: { icon: ['The icon must be at most 1 MB'] },
    })
  })

  it('judges the type by the bytes, not the name or the declared type', async () => {
    const org = await createOrg(database())
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file('just some text, honestly', 'notes.png', 'image/png') }))).toEqual({
      status: 400,
      errors: { icon: ['The icon must be a png, jpeg or svg image'] },
    })
  })

  it('saves a 20 x 20 JPEG as it is, and reads the size of a JPEG from its frame header', async () => {
    const org = await createOrg(database())
    const jpeg = new Uint8Array(await readFile('tests/fixtures/card-icon.jpg'))
    // The same picture claiming 21 rows in its start-of-frame segment is refused.
    const taller = jpeg.slice()
    const frame = taller.findIndex((byte, index) => byte === 0xff && taller[index + 1] === 0xc0)
    expect(frame).toBeGreaterThan(0)
    taller[frame + 6] = 21
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(taller, 'tall.jpg', 'image/jpeg') }))).toEqual({
      status: 400,
      errors: { icon: ['The icon must be 20 x 20 px'] },
    })
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(jpeg, 'teal.jpeg', 'application/octet-stream') }))).toEqual({ status: 302, toast: 'Card icon saved' })
    const { response } = await fetchAnonymously(org, (await iconFileId(org))!)
    expect(response!.headers.get('content-type')).toBe('image/jpeg')
    expect(new Uint8Array(await response!.arrayBuffer())).toEqual(jpeg)
  })

  it('refuses an SVG that is not well-formed', async () => {
    const org = await createOrg(database())
    const before = await uploadIcon(org)
    const broken = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="20" height="20"></svg>'
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(broken, 'broken.svg', 'image/svg+xml') }))).toEqual({
      status: 400,
      errors: { icon: ['The icon must be a png, jpeg or svg image'] },
    })
    expect(await iconFileId(org)).toBe(before)
  })

  it('renders a hostile SVG to a PNG with nothing of its script left', async () => {
    const org = await createOrg(database())
    const result = outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(HOSTILE_SVG, 'evil.svg', 'image/svg+xml') }))
    expect(result).toEqual({ status: 302, toast: 'Card icon saved' })
    const fileId = await iconFileId(org)
    const { response } = await fetchAnonymously(org, fileId!)
    expect(response!.headers.get('content-type')).toBe('image/png')
    const bytes = new Uint8Array(await response!.arrayBuffer())
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    // IHDR: 20 x 20.
    const view = new DataView(bytes.buffer, bytes.byteOffset)
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([20, 20])
    // The harmless circle inside the link is drawn; the rest of the file is not.
    const drawn = alphaChannel(bytes).filter((alpha) => alpha > 0).length
    expect(drawn).toBeGreaterThan(100)
    expect(drawn).toBeLessThan(400)
    const text = Buffer.from(bytes).toString('latin1')
    for (const fragment of ['alert', 'script', 'onload', 'javascript', 'foreignObject', 'evil.example', '<svg', 'passwd']) expect(text).not.toContain(fragment)
    const { db } = database().handle
    const row = await db.selectFrom('files').select(['content_type', 'original_name']).where('id', '=', fileId!).executeTakeFirstOrThrow()
    expect(row).toEqual({ content_type: 'image/png', original_name: 'evil.png' })
  })

  it('keeps the custom icon when custom is saved again without a new file', async () => {
    const org = await createOrg(database())
    const before = await uploadIcon(org)
    expect(before).not.toBeNull()
    expect(outcome(await post(org, { kind: KIND, mode: 'custom' }))).toEqual({ status: 302, toast: 'Card icon saved' })
    expect(await iconFileId(org)).toBe(before)
  })

  it('resets to the default icon, and the old icon is no longer served to visitors', async () => {
    const org = await createOrg(database())
    const before = await uploadIcon(org)
    expect((await fetchAnonymously(org, before)).status).toBe(200)
    expect(outcome(await post(org, { kind: KIND, mode: 'default' }))).toEqual({ status: 302, toast: 'Card icon reset to default' })
    expect(await iconFileId(org)).toBeNull()
    expect(await fetchAnonymously(org, before)).toMatchObject({ status: 404, thrown: true })
  })

  it("withholds a hidden card's icon from visitors as the card is, and serves it to staff", async () => {
    const org = await createOrg(database())
    const fileId = await uploadIcon(org)
    const { db } = database().handle
    await db.updateTable('cards').set({ hidden: true }).where('product_id', '=', org.product.id).where('kind', '=', KIND).execute()
    expect(await fetchAnonymously(org, fileId)).toMatchObject({ status: 404, thrown: true })
    const asStaff = await callRoute(fileLoader, database(), { path: `${org.home}/files/${fileId}`, params: { ...org.params, fileId }, cookie: org.admin.cookie })
    expect(asStaff.status).toBe(200)
    await db.updateTable('cards').set({ hidden: false }).where('product_id', '=', org.product.id).where('kind', '=', KIND).execute()
    expect((await fetchAnonymously(org, fileId)).status).toBe(200)
  })

  it('refuses staff without assets:edit', async () => {
    const org = await createOrg(database())
    const editor = await createStaffMember(
      database(),
      'editor@example.test',
      STAFF_PERMISSIONS.filter((permission) => permission !== 'assets:edit'),
      { org },
    )
    expect(outcome(await post(org, { kind: KIND, mode: 'custom', icon: file(png(20, 20), 'shield.png', 'image/png') }, editor)).status).toBe(403)
    expect(await iconFileId(org)).toBeNull()
  })
})
