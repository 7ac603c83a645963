import { z } from 'zod'
import { E } from './errors.ts'

/**
 * The team's decision on a venue application (docs/operating.md). An application is decided once: approved,
 * which makes a draft venue from it, or declined with a reason the applicant reads in their mail.
 * The database keeps 'approved' and 'rejected'; the team's pages say Approved and Declined.
 */
export const declineReasonLength = { min: 3, max: 1000 } as const

/** The Decline dialog's form, and the body of POST /api/admin/vendor-applications/:id/decline. */
export const declineApplicationSchema = z.strictObject({
  reason: z
    .string({ error: E.DECLINE_REASON_REQUIRED })
    .trim()
    .min(1, E.DECLINE_REASON_REQUIRED)
    .min(declineReasonLength.min, E.DECLINE_REASON_TOO_SHORT)
    .max(declineReasonLength.max, E.DECLINE_REASON_TOO_LONG),
})
export type DeclineApplicationInput = z.input<typeof declineApplicationSchema>
export type DeclineApplication = z.output<typeof declineApplicationSchema>

/** The path parameter of the review endpoints: digits only, so no other text can name an application. */
export const applicationIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number),
})
