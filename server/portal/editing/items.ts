import type { EditHandler } from './context'

export const itemHandlers: Record<string, EditHandler> = {}
