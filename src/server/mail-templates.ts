import { renderAccountLink } from './features/accounts/account-link-mail.tsx'
import { renderContactMessage } from './features/contact/message-mail.tsx'
import { renderGuestCode } from './features/guest-verification/code-mail.tsx'
import type { MailTemplates } from './features/mail/templates/render.tsx'
import { renderNewsletterWelcome } from './features/newsletter/welcome-mail.tsx'
import { renderBookingReminder } from './features/reminders/reminder-mail.tsx'
import { readContact } from './features/team/settings-repository.ts'
import { renderBookingConfirmation } from './features/tickets/confirmation-mail.tsx'
import { renderVendorApplicationApproved } from './features/vendors/application-approved-mail.tsx'
import { renderVendorApplicationDeclined } from './features/vendors/application-declined-mail.tsx'
import { renderVendorApplicationReceived } from './features/vendors/application-received-mail.tsx'
import { renderVendorApplicationTeam } from './features/vendors/application-team-mail.tsx'
import { renderBookingCancellation } from './features/visits/cancellation-mail.tsx'

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
    'guest-verification-code': renderGuestCode,
    'vendor-application-received': renderVendorApplicationReceived,
    'vendor-application-team': renderVendorApplicationTeam,
    'vendor-application-approved': renderVendorApplicationApproved,
    'vendor-application-declined': renderVendorApplicationDeclined,
  },
}
