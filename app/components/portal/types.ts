export type * from '~/lib/portal-view'
export type { SectionId } from '~/lib/sections'
