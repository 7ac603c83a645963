import { renderAccountLink } from './domain/accounts/account-link-mail.tsx'
import { renderContactMessage } from './domain/contact/message-mail.tsx'
import { renderGuestCode } from './domain/guest-verification/code-mail.tsx'
import { renderStaffInvitation } from './domain/invitations/invitation-mail.tsx'
import { renderStaffVenueAdded } from './domain/invitations/venue-added-mail.tsx'
import { renderNewsletterWelcome } from './domain/newsletter/welcome-mail.tsx'
import { renderBookingReminder } from './domain/reminders/reminder-mail.tsx'
import { renderReviewHidden } from './domain/reviews/hidden-mail.tsx'
import { renderReviewInvite } from './domain/reviews/invite-mail.tsx'
import { readContact } from './domain/team/settings-repository.ts'
import { renderBookingConfirmation } from './domain/tickets/confirmation-mail.tsx'
import { renderVendorApplicationApproved } from './domain/vendors/application-approved-mail.tsx'
import { renderVendorApplicationDeclined } from './domain/vendors/application-declined-mail.tsx'
import { renderVendorApplicationReceived } from './domain/vendors/application-received-mail.tsx'
import { renderVendorApplicationTeam } from './domain/vendors/application-team-mail.tsx'
import { renderVenuePublished } from './domain/vendors/venue-published-mail.tsx'
import { renderVenueDailyDigest } from './domain/venue-notices/digest-mail.tsx'
import { renderVenueBookingNotice } from './domain/venue-notices/notice-mail.tsx'
import { renderBookingCancellation } from './domain/visit-changes/cancellation-mail.tsx'
import { renderBookingDateChange } from './domain/visit-changes/date-change-mail.tsx'
import { renderWaitlistJoined } from './domain/waitlist/joined-mail.tsx'
import { renderWaitlistOffer } from './domain/waitlist/offer-mail.tsx'
import type { MailTemplates } from './platform/mail/templates/render.tsx'

/**
 * Every mail the product sends, by template name, each rendered by the feature that sends it
 * (docs/mail.md). A mail a feature declares and this list lacks does not typecheck.
 */
export const mailTemplates: MailTemplates = {
  contact: readContact,
  renderers: {
    'newsletter-welcome': renderNewsletterWelcome,
    'account-activation': renderAccountLink('account-activation'),
    'password-reset': renderAccountLink('password-reset'),
    'contact-message': renderContactMessage,
    'booking-confirmation': renderBookingConfirmation,
    'booking-cancellation': renderBookingCancellation,
    'booking-reminder': renderBookingReminder,
    'booking-date-change': renderBookingDateChange,
    'guest-verification-code': renderGuestCode,
    'vendor-application-received': renderVendorApplicationReceived,
    'vendor-application-team': renderVendorApplicationTeam,
    'vendor-application-approved': renderVendorApplicationApproved,
    'vendor-application-declined': renderVendorApplicationDeclined,
    'venue-published': renderVenuePublished,
    'staff-invitation': renderStaffInvitation,
    'staff-venue-added': renderStaffVenueAdded,
    'venue-booking-notice': renderVenueBookingNotice,
    'venue-daily-digest': renderVenueDailyDigest,
    'waitlist-joined': renderWaitlistJoined,
    'waitlist-offer': renderWaitlistOffer,
    'review-invite': renderReviewInvite,
    'review-hidden': renderReviewHidden,
  },
}
