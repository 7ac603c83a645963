import { z } from 'zod'

/**
 * The one error shape every API endpoint answers with. `fields` maps a form field to its message;
 * `details` says what went wrong behind a generic message, e.g. an outside service's own error.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.string().optional(),
  }),
})

export type ApiErrorBody = z.infer<typeof apiErrorSchema>
