import { z } from 'zod'

/**
 * The applicant's status page (`/vendors/status/:token`, docs/operating.md): opened by the signed
 * link in the application's confirmation mail, with no account. It shows the steps the application
 * has reached, each with its date: received, then approved or declined (with the team's reason),
 * then published, with the venue's public page.
 */
export const applicationStatusSteps = ['received', 'approved', 'declined', 'published'] as const
export type ApplicationStatusStep = (typeof applicationStatusSteps)[number]

/** How long after the application its status link opens the page. */
export const applicationStatusLinkDays = 365

export const applicationStatusSchema = z.object({
  /** VA-000001. */
  reference: z.string(),
  /** The step reached last. */
  status: z.enum(applicationStatusSteps),
  /** ISO instants. */
  receivedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The team's reason, when declined. */
  declineReason: z.string().nullable(),
  /** Null when published before the date was kept. */
  publishedAt: z.string().nullable(),
  /** The venue's public page (a path on this site), once published. */
  venuePath: z.string().nullable(),
})
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>

/** The token of a status link: the application's id and its signature. */
export const signedTokenParams = z.object({ token: z.string().max(120) })
