// Drawing a checked SVG to a PNG (resvg) in a child process of its own, ended at a time limit. The SVG has
// been rebuilt from the allow-list in the inspection worker by then, but what a drawing costs is not what its
// size says: 1,990 shapes under one shared mask took 12 s (decision 046). resvg's draw is native code that no
// worker timer can stop, and on libuv's pool it held one of the four threads every file read needs; a child
// process is killed at the limit, whatever it is doing (decision 046, amended).

import { spawn } from 'node:child_process'

/** How long a draw may take once the child has the SVG and resvg (its start is not counted), and its PNG's size. */
export const SVG_DRAW_LIMITS = { drawMs: 3_000, startMs: 15_000, maxPngBytes: 8 * 1024 * 1024 }
/** Draws at once in this process; the rest wait their turn. */
const MAX_DRAWS = 2

export type SvgDrawing = { png: Uint8Array } | { refused: 'time' | 'size' | 'error' }

// Reads the SVG from stdin, says "drawing" on stderr once resvg is loaded, then writes the PNG to stdout.
const CHILD_SOURCE = `
const chunks = []
for await (const chunk of process.stdin) chunks.push(chunk)
const resvg = await import(process.argv[1])
const Resvg = resvg.Resvg ?? resvg.default.Resvg
process.stderr.write('drawing\\n')
const svg = Buffer.concat(chunks).toString('utf8')
process.stdout.write(new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, logLevel: 'off' }).render().asPng())
`

let running = 0
const waiting: (() => void)[] = []

/** The SVG drawn at its own width and height; refused when it takes longer than the limit, or fails. */
export async function drawSvg(svg: string, limits: Partial<typeof SVG_DRAW_LIMITS> = {}): Promise<SvgDrawing> {
  if (running >= MAX_DRAWS) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await drawInChild(svg, { ...SVG_DRAW_LIMITS, ...limits })
  } finally {
    running--
    waiting.shift()?.()
  }
}

function drawInChild(svg: string, limits: typeof SVG_DRAW_LIMITS): Promise<SvgDrawing> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--max-old-space-size=64', '--input-type=module', '-e', CHILD_SOURCE, import.meta.resolve('@resvg/resvg-js')], {
      env: {},
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    let bytes = 0
    let settled = false
    let timer = setTimeout(() => finish({ refused: 'time' }), limits.startMs)
    const finish = (answer: SvgDrawing) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (child.exitCode === null) child.kill('SIGKILL')
      resolve(answer)
    }
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (!text.includes('drawing')) return
      clearTimeout(timer)
      timer = setTimeout(() => finish({ refused: 'time' }), limits.drawMs)
    })
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (bytes > limits.maxPngBytes) return finish({ refused: 'size' })
      chunks.push(chunk)
    })
    child.on('error', () => finish({ refused: 'error' }))
    child.on('close', (code) => finish(code === 0 && bytes > 0 ? { png: new Uint8Array(Buffer.concat(chunks)) } : { refused: 'error' }))
    // A child that died before reading all of it closes stdin under us: its exit code says what happened.
    child.stdin.on('error', () => {})
    child.stdin.end(svg)
  })
}
