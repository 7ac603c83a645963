import * as z from 'zod/mini'
import { E, type ErrorCode } from './errors.ts'

/**
 * The newsletter form, checked in the browser and again by the server with the spec's messages.
 * zod/mini keeps it light: the form sits on the home page, part of the first download.
 */
export const newsletterRequestSchema = z.object({
  email: z
    .string({ error: E.EMAIL_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, E.EMAIL_REQUIRED),
      z.maxLength(254, E.EMAIL_INVALID),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, E.EMAIL_INVALID),
    ),
  language: z.optional(z.enum(['en', 'ar'])),
})
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>

/** The first problem with an address as typed (its error code), or undefined when it is fine. */
export function newsletterEmailError(email: string): ErrorCode | undefined {
  const result = newsletterRequestSchema.safeParse({ email })
  return result.success ? undefined : (result.error.issues[0]?.message as ErrorCode | undefined)
}
