import type { EditHandler } from './context'

export const iconHandlers: Record<string, EditHandler> = {}
