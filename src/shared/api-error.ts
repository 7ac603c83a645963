import { z } from 'zod'

/**
 * The one error shape every API endpoint answers with. `code` is stable and listed in
 * src/shared/errors.ts; `message` is its English text, for API clients and logs. `fields` maps a
 * form field to its own error code; `params` fills the text's `{{name}}` slots (minutes to wait, say);
 * `details` says what went wrong behind a generic message, e.g. an outside service's own error, or
 * lists what a refusal is about (the bookings a schedule change would hit), as objects.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    details: z.union([z.string(), z.array(z.record(z.string(), z.unknown()))]).optional(),
  }),
})

export type ApiErrorBody = z.infer<typeof apiErrorSchema>
