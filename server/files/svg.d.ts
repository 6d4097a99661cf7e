// Types of server/files/svg.js, plain JavaScript so the inspection worker can run it as it is.
export function svgIcon(bytes: Uint8Array, size: number): string | null
export function sanitiseSvg(text: string, size: number): string | null
export function svgDrawing(bytes: Uint8Array, maxWidth: number, maxHeight: number): { svg: string; width: number; height: number } | null
export function svgLogo(bytes: Uint8Array, height: number, maxWidth: number): string | null
