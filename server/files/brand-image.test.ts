import { describe, expect, it } from 'vitest'
import { fitInside, iconTree, initial, shareTree } from './brand-image.js'

type Node = { type: string; props: { children?: unknown } }
const isNode = (node: unknown): node is Node => Boolean(node && typeof node === 'object' && 'type' in node && 'props' in node)
const texts = (node: unknown): string[] => {
  if (typeof node === 'string') return [node]
  if (Array.isArray(node)) return node.flatMap(texts)
  return isNode(node) ? texts(node.props.children) : []
}
const types = (node: unknown): string[] => {
  if (Array.isArray(node)) return node.flatMap(types)
  return isNode(node) ? [node.type, ...types(node.props.children)] : []
}

describe('the share image layout', () => {
  it('fits a logo inside its box, proportions kept', () => {
    expect(fitInside(180, 40, 880, 220)).toEqual({ width: 880, height: 196 })
    expect(fitInside(100, 400, 880, 220)).toEqual({ width: 55, height: 220 })
    expect(fitInside(10_000, 1, 128, 128)).toEqual({ width: 128, height: 1 })
  })

  it('takes the first letter or digit of the name, upper case', () => {
    expect(initial('northwind')).toBe('N')
    expect(initial('  "3M" Company')).toBe('3')
    expect(initial('émile')).toBe('É')
    expect(initial('—')).toBe('?')
  })

  it('puts the logo on the panel and the name with the title under it; without a logo, the name on the panel', () => {
    const logo = { src: 'data:image/png;base64,AAAA', width: 200, height: 100 }
    const withLogo = shareTree({ name: 'Acme', title: 'Trust Center', color: '#7c2d12' }, logo)
    expect(withLogo.props.style).toMatchObject({ width: 1200, height: 630, backgroundColor: '#7c2d12' })
    expect(types(withLogo)).toContain('img')
    expect(texts(withLogo)).toEqual(['Acme Trust Center'])
    const without = shareTree({ name: 'Acme', title: 'Trust Center', color: '#1d4ed8' }, null)
    expect(types(without)).not.toContain('img')
    expect(texts(without)).toEqual(['Acme', 'Trust Center'])
  })

  it('draws the favicon from a logo, or the initial on the colour', () => {
    expect(types(iconTree({ name: 'Acme', color: '#000000' }, { src: 'data:image/png;base64,AAAA', width: 128, height: 128 }))).toEqual(['div', 'img'])
    const letter = iconTree({ name: 'acme', color: '#7c2d12' }, null)
    expect(texts(letter)).toEqual(['A'])
    expect(letter.props.style).toMatchObject({ backgroundColor: '#7c2d12' })
  })
})
