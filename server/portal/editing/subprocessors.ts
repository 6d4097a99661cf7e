import type { EditHandler } from './context'

export const subprocessorHandlers: Record<string, EditHandler> = {}
