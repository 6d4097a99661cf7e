import { z } from '../zod'
import { LINE_BREAKING } from '../one-line'
import { STAFF_PERMISSIONS } from '../permissions'

// A name goes into e-mail subjects and bodies: one line, no control characters (CR, LF, tab, NUL…).
const SINGLE_LINE_MESSAGE = 'Use one line, without tabs or other control characters'
export const personName = z
  .string()
  .trim()
  .max(100, 'Name must be at most 100 characters')
  .refine((value) => !LINE_BREAKING.test(value), SINGLE_LINE_MESSAGE)

const permissions = z
  .array(z.enum(STAFF_PERMISSIONS, { error: 'Unknown permission' }))
  .max(STAFF_PERMISSIONS.length)
  .default([])

export const inviteMemberSchema = z.object({
  intent: z.literal('invite'),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, 'This email is invalid').pipe(z.email('This email is invalid')),
  name: personName.optional(),
  permissions,
})

export const updatePermissionsSchema = z.object({
  intent: z.literal('permissions'),
  memberId: z.uuid('Unknown member'),
  permissions,
})

export const removeMemberSchema = z.object({
  intent: z.literal('remove'),
  memberId: z.uuid('Unknown member'),
})

export const revokeInviteSchema = z.object({
  intent: z.literal('revoke'),
  inviteId: z.uuid('Unknown invitation'),
})

/** A staff member's own name: required, two characters at least. */
export const staffName = z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters').pipe(personName)
/** A staff member's new password (an invitation, the first owner at setup). */
export const newPassword = z.string({ error: 'Password is required' }).min(12, 'Use at least 12 characters').max(200, 'Use at most 200 characters')
export const confirmField = z.string({ error: 'Repeat the password' })
export const confirmMessage = { message: 'The passwords do not match', path: ['confirm'] }
/** The repeated password matches. */
export const passwordsMatch = (value: { password: string; confirm: string }) => value.password === value.confirm

export const acceptInviteSchema = z
  .object({
    name: staffName,
    password: newPassword,
    confirm: confirmField,
  })
  .refine(passwordsMatch, confirmMessage)
