// Types of server/files/brand-image.js, plain JavaScript so the inspection worker can run it as it is.
export const SHARE_WIDTH: number
export const SHARE_HEIGHT: number
export const ICON_SIZE: number
export type LogoInput = { kind: 'svg'; bytes: ArrayBuffer } | { kind: 'png' | 'jpeg' | 'webp'; bytes: ArrayBuffer; width: number; height: number }
export interface BrandRequest {
  kind: 'share' | 'icon'
  name: string
  title: string
  color: string
  logo: LogoInput | null
}
export interface LogoImage {
  src: string
  width: number
  height: number
}
export interface Element {
  type: string
  props: Record<string, unknown>
}
export function fitInside(width: number, height: number, maxWidth: number, maxHeight: number): { width: number; height: number }
export function initial(name: string): string
export function shareTree(brand: { name: string; title: string; color: string }, logo: LogoImage | null): Element
export function iconTree(brand: { name: string; color: string }, logo: LogoImage | null): Element
