import { z } from '../zod'
import { CARD_KINDS } from '../card-kinds'

/** Card icons (search-ai-and-widgets 2.4 and 5): png, jpeg or svg, 20 x 20 px, at most 1 MB. */
export const ICON_SIZE_PX = 20
export const ICON_MAX_BYTES = 1024 * 1024
export const ICON_ACCEPT = 'image/png,image/jpeg,image/svg+xml'
export const ICON_HINT = '20px x 20px. Types: png, jpeg, svg. Max 1MB.'

export const ICON_MESSAGES = {
  required: 'Custom icon is required',
  tooLarge: 'The icon must be at most 1 MB',
  wrongSize: 'The icon must be 20 x 20 px',
  wrongType: 'The icon must be a png, jpeg or svg image',
} as const

/** Cards whose menu has no Change icon (cards-and-items section 6): their icon is not shown. */
export const ICON_EXCLUDED: readonly string[] = ['Overview', 'Certifications', 'Documents', 'Subprocessors']

export type IconMode = 'default' | 'custom'

/**
 * The Change card icon form. Custom mode needs a file unless the card already has a custom icon (then
 * saving without a new file keeps it). `checkFile` adds what only one side can check: the browser looks
 * at the declared type and the measured size, the server at the bytes.
 */
export function changeIconSchema(options: { hasCustomIcon?: boolean; checkFile?: (file: File) => string | undefined } = {}) {
  return z
    .object({
      intent: z.literal('card.icon'),
      kind: z.enum(CARD_KINDS, { error: 'Unknown card' }).refine((value) => !ICON_EXCLUDED.includes(value), "This card's icon cannot be changed"),
      mode: z.enum(['default', 'custom'], { error: 'Choose the default icon or a custom icon' }),
      icon: z.file().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.mode !== 'custom') return
      if (!value.icon || value.icon.size === 0) {
        if (!options.hasCustomIcon) ctx.addIssue({ code: 'custom', path: ['icon'], message: ICON_MESSAGES.required })
        return
      }
      if (value.icon.size > ICON_MAX_BYTES) {
        ctx.addIssue({ code: 'custom', path: ['icon'], message: ICON_MESSAGES.tooLarge })
        return
      }
      const problem = options.checkFile?.(value.icon)
      if (problem) ctx.addIssue({ code: 'custom', path: ['icon'], message: problem })
    })
}

/** The browser's check: the declared type or the name's extension (the server checks the bytes). */
export function declaredIconType(file: Pick<File, 'type' | 'name'>): 'png' | 'jpeg' | 'svg' | null {
  const type = file.type.toLowerCase()
  if (type === 'image/png') return 'png'
  if (type === 'image/jpeg' || type === 'image/jpg') return 'jpeg'
  if (type === 'image/svg+xml') return 'svg'
  if (type) return null
  const extension = file.name.toLowerCase().split('.').pop()
  if (extension === 'png') return 'png'
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg'
  if (extension === 'svg') return 'svg'
  return null
}
