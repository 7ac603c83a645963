import { accountsEndpoints } from './accounts.ts'
import { areaEndpoints } from './areas.ts'
import { catalogEndpoints } from './catalog.ts'
import { checkoutEndpoints } from './checkout.ts'
import { contactEndpoints } from './contact.ts'
import { dateChangeEndpoints } from './date-changes.ts'
import type { Endpoint } from './define.ts'
import { deskEndpoints, staffEndpoints } from './desk.ts'
import { devMailboxEndpoints } from './dev-mailbox.ts'
import { guestLinkEndpoints } from './guest-links.ts'
import { guestVerificationEndpoints } from './guest-verification.ts'
import { invitationEndpoints } from './invitations.ts'
import { newsletterEndpoints } from './newsletter.ts'
import { orderEndpoints } from './orders.ts'
import { receiptEndpoints } from './receipts.ts'
import { refundEndpoints } from './refunds.ts'
import { reportEndpoints } from './reports.ts'
import { reviewEndpoints } from './reviews.ts'
import { scanEndpoints } from './scan.ts'
import { systemEndpoints } from './system.ts'
import { contentEndpoints, dashboardEndpoints, settingsEndpoints, userEndpoints } from './team.ts'
import { teamVisitEndpoints } from './team-visits.ts'
import { vendorEndpoints } from './vendors.ts'
import { venueAdminEndpoints } from './venue-admin.ts'
import { venuePhotoEndpoints } from './venue-photos.ts'
import { venueScheduleEndpoints } from './venue-schedule.ts'
import { bookingEndpoints } from './visits.ts'
import { waitlistEndpoints } from './waitlist.ts'

/**
 * Every declared endpoint, for the checks that read them all (tests/hardening): the server must
 * register each, and nothing else. The web app imports a family's own module, never this one.
 */
export const declaredEndpoints: readonly Endpoint[] = [
  accountsEndpoints,
  areaEndpoints,
  bookingEndpoints,
  catalogEndpoints,
  checkoutEndpoints,
  contactEndpoints,
  contentEndpoints,
  dashboardEndpoints,
  dateChangeEndpoints,
  deskEndpoints,
  devMailboxEndpoints,
  guestLinkEndpoints,
  guestVerificationEndpoints,
  invitationEndpoints,
  newsletterEndpoints,
  orderEndpoints,
  receiptEndpoints,
  refundEndpoints,
  reportEndpoints,
  reviewEndpoints,
  scanEndpoints,
  settingsEndpoints,
  staffEndpoints,
  systemEndpoints,
  teamVisitEndpoints,
  userEndpoints,
  vendorEndpoints,
  venueAdminEndpoints,
  venuePhotoEndpoints,
  venueScheduleEndpoints,
  waitlistEndpoints,
].flatMap((family) => Object.values(family))
