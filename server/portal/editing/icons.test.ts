import { expect, it } from 'vitest'
import { ICON_MESSAGES } from '../../../app/lib/schemas/icons'
import { turnsWhile } from '../../../tests/setup/event-loop'
import { inspect } from '../../files/inspection'
import { prepareIcon } from './icons'

// A hostile SVG icon is judged in the inspection worker (decision 026): however it is built, the event
// loop keeps turning. Before, these held it on the main thread: 60,000 attributes 1.3 s, 9,000 nested shapes
// 0.6 s, 150,000 character references 0.5 s (measured on the shared test machine).

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
const HOSTILE: [name: string, svg: string, outcome: { ok: true } | { ok: false; message: string }][] = [
  ['60,000 attributes on one shape', `${OPEN}<rect ${Array.from({ length: 60_000 }, (_, index) => `a${index}="1"`).join(' ')}/></svg>`, { ok: true }],
  // The most shapes the allow-list keeps (2,000 elements with the root and the groups, decision 046).
  ['1,900 shapes 60 groups deep', `${OPEN}${'<g>'.repeat(60)}${'<rect width="1" height="1"/>'.repeat(1_900)}${'</g>'.repeat(60)}</svg>`, { ok: true }],
  ['9,000 shapes, more than a drawing may have', `${OPEN}${'<rect width="1" height="1"/>'.repeat(9_000)}</svg>`, { ok: false, message: ICON_MESSAGES.wrongType }],
  ['nesting past the depth an icon needs', `${OPEN}${'<g>'.repeat(5_000)}${'</g>'.repeat(5_000)}</svg>`, { ok: false, message: ICON_MESSAGES.wrongType }],
  ['150,000 character references', `${OPEN}<rect fill="${'&#x41;'.repeat(150_000)}"/></svg>`, { ok: true }],
  [
    'a billion laughs (entities are never expanded)',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, index) => `<!ENTITY lol${index + 1} "${`&lol${index || ''};`.repeat(10)}">`).join('')}]>${OPEN}<rect width="10" height="10" fill="&lol9;"/><style>&lol9;</style></svg>`,
    { ok: true },
  ],
  ['5 MB of attributes', `${OPEN}<rect ${'x="1" '.repeat(900_000)}/></svg>`, { ok: false, message: ICON_MESSAGES.tooLarge }],
]

// The icons whose parse held the main thread 0.5 to 1.3 s before.
const HEAVY = HOSTILE.filter(([name]) => /^(60,000 attributes|1,900 shapes|150,000 character)/.test(name))

it.each(HOSTILE)('judges %s without holding the event loop, answering as before', async (name, svg, outcome) => {
  const { result, turns } = await turnsWhile(() => prepareIcon(new File([svg], 'icon.svg', { type: 'image/svg+xml' })))
  expect(result).toMatchObject(outcome)
  if (result.ok) expect(result.contentType).toBe('image/png')
  // The heavy ones are parsed while the event loop keeps turning. The light ones can be answered by a worker
  // kept warm by an earlier check before the loop's first turn, so a count of turns says nothing about them.
  if (HEAVY.some(([heavy]) => heavy === name)) expect(turns).toBeGreaterThan(0)
})

// The parse is reached through the worker runner (server/files/inspection.ts), not on the main thread: given a
// limit it cannot meet, the runner's timer fires on the main thread while the worker still parses, and the
// check is refused with the runner's message.
it.each(HEAVY)('parses %s in the inspection worker, under its time limit', async (_name, svg) => {
  const bytes = new TextEncoder().encode(svg)
  await expect(inspect({ check: 'svg-icon', bytes: bytes.buffer, size: 64 }, { timeLimitMs: 1 })).rejects.toThrow('took longer than 0.001 s')
})
