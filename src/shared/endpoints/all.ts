import { accountsEndpoints } from './accounts.ts'
import { catalogEndpoints } from './catalog.ts'
import { contactEndpoints } from './contact.ts'
import type { Endpoint } from './define.ts'
import { devMailboxEndpoints } from './dev-mailbox.ts'
import { guestVerificationEndpoints } from './guest-verification.ts'
import { newsletterEndpoints } from './newsletter.ts'
import { reportEndpoints } from './reports.ts'
import { scanEndpoints } from './scan.ts'
import { systemEndpoints } from './system.ts'
import { contentEndpoints, settingsEndpoints, userEndpoints } from './team.ts'
import { vendorEndpoints } from './vendors.ts'
import { venueAdminEndpoints } from './venue-admin.ts'
import { venuePhotoEndpoints } from './venue-photos.ts'
import { venueScheduleEndpoints } from './venue-schedule.ts'

/**
 * Every declared endpoint, for the checks that read them all (tests/hardening): the server must
 * register each, and nothing else. The web app imports a family's own module, never this one.
 */
export const declaredEndpoints: readonly Endpoint[] = [
  accountsEndpoints,
  catalogEndpoints,
  contactEndpoints,
  contentEndpoints,
  devMailboxEndpoints,
  guestVerificationEndpoints,
  newsletterEndpoints,
  reportEndpoints,
  scanEndpoints,
  settingsEndpoints,
  systemEndpoints,
  userEndpoints,
  vendorEndpoints,
  venueAdminEndpoints,
  venuePhotoEndpoints,
  venueScheduleEndpoints,
].flatMap((family) => Object.values(family))
