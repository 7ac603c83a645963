import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import type { AttachmentType } from '../../../../shared/contact.ts'
import type { Language } from '../../../../shared/i18n.ts'
import type { Database } from '../../../db/database.ts'
import { bookingCalendarFile } from '../../calendar/calendar-file.ts'
import { attachmentFileName } from '../../contact/file-signature.ts'
import { readContact } from '../../team/settings-repository.ts'
import { qrPng } from '../../tickets/qr.ts'
import { findApplication } from '../../vendors/repository.ts'
import { MailNoLongerDue } from '../no-longer-due.ts'
import { AccountLink, type AccountLinkPayload, accountLinkSubject } from './account-link.tsx'
import {
  BookingCancellation,
  type BookingCancellationPayload,
  bookingCancellationSubject,
  loadBookingCancellation,
} from './booking-cancellation.tsx'
import {
  BookingConfirmation,
  type BookingConfirmationPayload,
  bookingConfirmationSubject,
  loadBookingConfirmation,
  type TicketLinks,
  ticketQrCid,
} from './booking-confirmation.tsx'
import { BookingReminder, type BookingReminderPayload, bookingReminderSubject } from './booking-reminder.tsx'
import { ContactMessage, type ContactMessagePayload } from './contact-message.tsx'
import { GuestCode, type GuestCodePayload, guestCodeSubject } from './guest-code.tsx'
import { MailContactContext } from './layout.tsx'
import {
  NewsletterWelcome,
  type NewsletterWelcomePayload,
  newsletterWelcomeSubject,
} from './newsletter-welcome.tsx'
import {
  VendorApplicationApproved,
  type VendorApplicationApprovedPayload,
  vendorApplicationApprovedSubject,
} from './vendor-application-approved.tsx'
import {
  VendorApplicationDeclined,
  type VendorApplicationDeclinedPayload,
  vendorApplicationDeclinedSubject,
} from './vendor-application-declined.tsx'
import {
  type VendorApplicationPayload,
  VendorApplicationReceived,
  vendorApplicationReceivedSubject,
} from './vendor-application-received.tsx'
import {
  VendorApplicationTeam,
  type VendorApplicationTeamPayload,
  vendorApplicationTeamSubject,
} from './vendor-application-team.tsx'

/** Every mail the product sends, with the data each needs. Features add theirs here. */
export interface MailTemplatePayloads {
  'newsletter-welcome': NewsletterWelcomePayload
  'account-activation': AccountLinkPayload
  'password-reset': AccountLinkPayload
  'contact-message': ContactMessagePayload
  'booking-confirmation': BookingConfirmationPayload
  'booking-cancellation': BookingCancellationPayload
  'booking-reminder': BookingReminderPayload
  'guest-verification-code': GuestCodePayload
  'vendor-application-received': VendorApplicationPayload
  'vendor-application-team': VendorApplicationTeamPayload
  'vendor-application-approved': VendorApplicationApprovedPayload
  'vendor-application-declined': VendorApplicationDeclinedPayload
}
export type MailTemplateName = keyof MailTemplatePayloads

export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
  /** Set for an image the HTML shows inline as `cid:<cid>`. */
  cid?: string
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
  replyTo?: string
  /** Extra header fields, e.g. the newsletter's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
}

/** The ticket's QR code, attached inline: the mail's HTML shows it as `cid:`. */
async function ticketQrAttachment(reference: string, ticket: string): Promise<MailAttachment> {
  return {
    filename: `ticket-${reference}.png`,
    content: await qrPng(ticket),
    contentType: 'image/png',
    cid: ticketQrCid,
  }
}

/** Renders a queued mail to its subject and its HTML and plain-text parts. */
export async function renderMail(
  template: string,
  language: Language,
  payload: unknown,
  db: Database,
  links: TicketLinks,
  /** The worker's clock: whether a reminder's visit has begun. */
  now: Date,
): Promise<RenderedMail> {
  // The team's contact details as set in the team's settings, in every mail's footer.
  const contact = await readContact(db)
  const rendered = async (element: ReactElement) => {
    const withContact = <MailContactContext.Provider value={contact}>{element}</MailContactContext.Provider>
    return { html: await render(withContact), text: await render(withContact, { plainText: true }) }
  }
  switch (template) {
    case 'contact-message': {
      const { submissionId } = payload as ContactMessagePayload
      const row = await db
        .selectFrom('contact_submissions')
        .selectAll()
        .where('id', '=', submissionId)
        .executeTakeFirstOrThrow()
      // The file goes under a name of ours from its real type; the sender's name for it is text.
      const fileName =
        row.attachment && row.attachment_type
          ? attachmentFileName(row.id, row.attachment_type as AttachmentType)
          : null
      const element = (
        <ContactMessage
          name={row.name}
          email={row.email}
          subject={row.subject}
          message={row.message}
          attachment={fileName ? { fileName, sentAs: row.attachment_name ?? '' } : null}
        />
      )
      return {
        subject: `Contact form: ${row.subject}`,
        ...(await rendered(element)),
        replyTo: row.email,
        attachments:
          row.attachment && fileName && row.attachment_type
            ? [{ filename: fileName, content: row.attachment, contentType: row.attachment_type }]
            : [],
      }
    }
    case 'booking-confirmation': {
      // The booker's language was kept with the order, so the queued language is not needed here.
      const { bookingId } = payload as BookingConfirmationPayload
      const { props, ticket } = await loadBookingConfirmation(db, bookingId, links)
      const element = <BookingConfirmation {...props} />
      const calendar = await bookingCalendarFile(db, bookingId, links, { now })
      return {
        subject: bookingConfirmationSubject(props.language, props.gymName),
        ...(await rendered(element)),
        // Inline, by content id: the mail loads nothing from anywhere to show the ticket.
        attachments: [await ticketQrAttachment(props.reference, ticket), ...(calendar ? [calendar] : [])],
      }
    }
    case 'booking-reminder': {
      const { bookingId } = payload as BookingReminderPayload
      const { props, ticket, cancelled, visitStart } = await loadBookingConfirmation(db, bookingId, links)
      // Checked when it is due, not when queued: a booking cancelled since gets no reminder.
      if (cancelled) throw new MailNoLongerDue('The booking was cancelled')
      if (visitStart.getTime() <= now.getTime()) throw new MailNoLongerDue('The visit has begun')
      const element = <BookingReminder {...props} />
      return {
        subject: bookingReminderSubject(props),
        ...(await rendered(element)),
        attachments: [await ticketQrAttachment(props.reference, ticket)],
      }
    }
    case 'booking-cancellation': {
      const { bookingId } = payload as BookingCancellationPayload
      const props = await loadBookingCancellation(db, bookingId, links)
      const element = <BookingCancellation {...props} />
      // The calendar's update: the same UID as the confirmation's entry, with STATUS:CANCELLED.
      const calendar = await bookingCalendarFile(db, bookingId, links, { now })
      return {
        subject: bookingCancellationSubject(props.language, props.gymName),
        ...(await rendered(element)),
        attachments: calendar ? [calendar] : [],
      }
    }
    case 'newsletter-welcome': {
      const props = payload as NewsletterWelcomePayload
      const element = <NewsletterWelcome language={language} {...props} />
      return {
        subject: newsletterWelcomeSubject(language),
        ...(await rendered(element)),
        // One-click unsubscribe from the mail client (RFC 8058): a POST to the link, no cookie.
        headers: props.unsubscribeUrl
          ? {
              'List-Unsubscribe': `<${props.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            }
          : undefined,
      }
    }
    case 'account-activation':
    case 'password-reset': {
      const element = (
        <AccountLink template={template} language={language} {...(payload as AccountLinkPayload)} />
      )
      return {
        subject: accountLinkSubject(template, language),
        ...(await rendered(element)),
      }
    }
    case 'guest-verification-code': {
      const element = <GuestCode language={language} {...(payload as GuestCodePayload)} />
      return {
        subject: guestCodeSubject(language),
        ...(await rendered(element)),
      }
    }
    case 'vendor-application-received': {
      // Only the reference: nothing the applicant typed goes to an address nobody has verified.
      const { applicationId } = payload as VendorApplicationPayload
      const element = <VendorApplicationReceived language={language} applicationId={applicationId} />
      return {
        subject: vendorApplicationReceivedSubject(language, applicationId),
        ...(await rendered(element)),
      }
    }
    case 'vendor-application-team': {
      const { applicationId, reviewUrl } = payload as VendorApplicationTeamPayload
      const application = await findApplication(db, applicationId)
      if (!application) throw new Error('The application of this mail no longer exists')
      const element = <VendorApplicationTeam application={application} reviewUrl={reviewUrl} />
      return {
        subject: vendorApplicationTeamSubject(application),
        ...(await rendered(element)),
        // The team answers the venue by replying.
        replyTo: application.venueEmail,
      }
    }
    case 'vendor-application-approved': {
      const { applicationId } = payload as VendorApplicationApprovedPayload
      const element = <VendorApplicationApproved language={language} applicationId={applicationId} />
      return {
        subject: vendorApplicationApprovedSubject(language, applicationId),
        ...(await rendered(element)),
      }
    }
    case 'vendor-application-declined': {
      const { applicationId, reason } = payload as VendorApplicationDeclinedPayload
      const element = (
        <VendorApplicationDeclined language={language} applicationId={applicationId} reason={reason} />
      )
      return {
        subject: vendorApplicationDeclinedSubject(language, applicationId),
        ...(await rendered(element)),
      }
    }
    default:
      throw new Error(`Unknown mail template "${template}"`)
  }
}
