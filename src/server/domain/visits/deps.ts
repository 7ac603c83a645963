import type { RefundDeps } from '../refunds/refunds.ts'

/** What the visits' routes need: the database, the clock, PayPal for refunds, and the site's links. */
export interface VisitRoutesDeps extends RefundDeps {
  /** AUTH_SECRET: tickets and guest links are signed with it. */
  secret: string
  /** PUBLIC_URL: a calendar entry's links and UID. */
  siteUrl: string
}
