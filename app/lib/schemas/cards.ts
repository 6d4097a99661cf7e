import { z } from '../zod'
import { CARD_KINDS, RENAME_EXCLUDED } from '../card-kinds'

const kind = z.enum(CARD_KINDS, { error: 'Unknown card' })

export const cardVisibilitySchema = z.object({
  intent: z.literal('card.visibility'),
  kind,
  hidden: z.enum(['true', 'false']).transform((value) => value === 'true'),
})

export const displayTextSchema = z.object({
  intent: z.literal('card.displayText'),
  kind,
  displayText: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (value.length >= 4 && value.length <= 100), 'Must be at least 4 characters, or leave empty for default.'),
})

export const placeholderSchema = z.object({
  intent: z.literal('card.placeholder'),
  kind,
  placeholder: z.string().trim().max(1000, 'Placeholder text cannot exceed 1000 characters').optional(),
})

export const renameCardSchema = z.object({
  intent: z.literal('card.rename'),
  kind: kind.refine((value) => !RENAME_EXCLUDED.includes(value), 'This card cannot be renamed'),
  title: z.string({ error: 'Title is required' }).trim().min(2, 'Title must be at least 2 characters').max(100, 'Title must be at most 100 characters'),
})
