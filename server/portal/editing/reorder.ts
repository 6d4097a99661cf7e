import type { EditHandler } from './context'

export const reorderHandlers: Record<string, EditHandler> = {}
