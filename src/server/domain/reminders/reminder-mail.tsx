import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  DetailsTable,
  headingStyle,
  MailLayout,
  SupportNote,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Button, Section, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { ArrivalAdvice, bookingButtonStyle, Directions, TicketCode } from '../tickets/booking-mail-blocks.tsx'
import { type BookingConfirmationProps, loadBookingConfirmation } from '../tickets/confirmation-mail-data.ts'
import { ticketQrAttachment } from '../tickets/ticket-mail-parts.ts'

/** The reminder is queued with the booking (schedule.ts). */
export interface BookingReminderPayload {
  bookingId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'booking-reminder': BookingReminderPayload
  }
}

const copy = {
  en: {
    subject: 'Reminder: {venue}, {date} at {time}',
    heading: 'See you soon at {venue}',
    greeting: 'Hello {name}, this is a reminder of your visit on {date} at {time}.',
    labels: { reference: 'Booking reference', passName: 'Pass', location: 'Address' },
    bringHeading: 'What to bring',
    manage: 'View or manage your booking',
    myBookings: 'See it in My Bookings',
    support: 'Questions or a problem with your booking? Write to us at {email} and we will help.',
  },
  ar: {
    subject: 'تذكير: {venue}، {date} الساعة {time}',
    heading: 'نراك قريباً في {venue}',
    greeting: 'مرحباً {name}، هذا تذكير بزيارتك يوم {date} الساعة {time}.',
    labels: { reference: 'رقم الحجز', passName: 'التذكرة', location: 'العنوان' },
    bringHeading: 'ما تحضره معك',
    manage: 'عرض حجزك أو إدارته',
    myBookings: 'اعرضه في حجوزاتي',
    support: 'هل لديك سؤال أو مشكلة في حجزك؟ راسلنا على {email} وسنساعدك.',
  },
} as const

export function bookingReminderSubject(props: BookingConfirmationProps) {
  return fill(copy[props.language].subject, { venue: props.venueName, date: props.date, time: props.time })
}

/** A day before the visit: the ticket, where to go, and what to bring (the ID check first). */
export function BookingReminder(props: BookingConfirmationProps) {
  const text = copy[props.language]
  const when = { date: props.date, time: props.time }
  return (
    <MailLayout language={props.language} preview={fill(text.greeting, { name: props.name, ...when })}>
      <Text style={headingStyle}>{fill(text.heading, { venue: props.venueName })}</Text>
      <Text style={textStyle}>{fill(text.greeting, { name: props.name, ...when })}</Text>
      <TicketCode language={props.language} qrCid={props.qrCid} reference={props.reference} />
      <DetailsTable
        rows={[
          [text.labels.reference, props.reference],
          [text.labels.passName, props.passName],
          [text.labels.location, props.location],
        ]}
      />
      {props.mapUrl && <Directions language={props.language} mapUrl={props.mapUrl} />}
      <ArrivalAdvice
        language={props.language}
        heading={text.bringHeading}
        towelsIncluded={props.towelsIncluded}
      />
      <Section style={{ textAlign: 'center', margin: '20px 0' }}>
        <Button href={props.manageUrl ?? props.myBookingsUrl} style={bookingButtonStyle}>
          {props.manageUrl ? text.manage : text.myBookings}
        </Button>
      </Section>
      <SupportNote text={text.support} />
    </MailLayout>
  )
}

export const renderBookingReminder: MailRenderer<'booking-reminder'> = async (
  { bookingId },
  { db, links, now, rendered },
) => {
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
