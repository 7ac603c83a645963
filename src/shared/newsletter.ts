import * as z from 'zod/mini'

/**
 * The newsletter form, checked in the browser and again by the server with the spec's messages.
 * zod/mini keeps it light: the form sits on the home page, part of the first download.
 */
export const newsletterRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(254, 'Please enter a valid email address'),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
    ),
  language: z.optional(z.enum(['en', 'ar'])),
})
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>

/** The first problem with an address as typed, or undefined when it is fine. */
export function newsletterEmailError(email: string): string | undefined {
  const result = newsletterRequestSchema.safeParse({ email })
  return result.success ? undefined : result.error.issues[0]?.message
}
