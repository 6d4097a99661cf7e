import { z } from '../zod'

export const loginSchema = z.object({
  email: z.string({ error: 'You must provide an email.' }).trim().toLowerCase().max(254, 'This email is invalid').pipe(z.email('This email is invalid')),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200, 'Enter your password.'),
  redirectTo: z.string().max(2000).optional(),
})
