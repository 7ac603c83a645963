import type { Language } from '../../../shared/i18n.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { DetailsTable, headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { bookingCalendarFile } from '../calendar/calendar-file.ts'
import { type BookingCancellationProps, loadBookingCancellation } from './cancellation-mail-data.ts'
import { refundNote, VisitChangeClose } from './visit-change-mail-blocks.tsx'

export interface BookingCancellationPayload {
  bookingId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'booking-cancellation': BookingCancellationPayload
  }
}

const copy = {
  en: {
    subject: 'Booking cancelled - {venue}',
    heading: 'Your booking is cancelled',
    greeting: 'Hello {name}, your visit below is cancelled and its ticket no longer works.',
    partSubject: 'Ticket cancelled - {venue}',
    partHeading: 'One ticket of your booking is cancelled',
    partGreeting:
      'Hello {name}, ticket {reference} ({pass}) is cancelled and no longer works. The rest of your booking stands.',
    stillBooked: 'Still booked',
    stillBookedNote: 'These tickets still work: show them at reception as before.',
    byTeam: 'The DayPass Bahrain team cancelled this visit: {reason}',
    nothingToPay: 'Nothing to pay: this visit was to be paid at the venue.',
    labels: {
      reference: 'Booking reference',
      venueName: 'Venue',
      passName: 'Pass',
      date: 'Date',
      time: 'Time',
    },
  },
  ar: {
    subject: 'تم إلغاء الحجز - {venue}',
    heading: 'تم إلغاء حجزك',
    greeting: 'مرحباً {name}، تم إلغاء زيارتك أدناه ولم تعد تذكرتها صالحة.',
    partSubject: 'تم إلغاء تذكرة - {venue}',
    partHeading: 'تم إلغاء تذكرة واحدة من حجزك',
    partGreeting: 'مرحباً {name}، تم إلغاء التذكرة {reference} ({pass}) ولم تعد صالحة. باقي حجزك قائم كما هو.',
    stillBooked: 'ما زال محجوزاً',
    stillBookedNote: 'هذه التذاكر ما زالت صالحة: اعرضها عند الاستقبال كما من قبل.',
    byTeam: 'ألغى فريق داي باس البحرين هذه الزيارة: {reason}',
    nothingToPay: 'لا شيء لدفعه: كان الدفع لهذه الزيارة في المنشأة.',
    labels: {
      reference: 'رقم الحجز',
      venueName: 'المنشأة',
      passName: 'التذكرة',
      date: 'التاريخ',
      time: 'الوقت',
    },
  },
} as const

/** "Booking cancelled", or "Ticket cancelled" when the rest of the order stands. */
export function bookingCancellationSubject(language: Language, venueName: string, partial = false) {
  return fill(partial ? copy[language].partSubject : copy[language].subject, { venue: venueName })
}

export function BookingCancellation(props: BookingCancellationProps) {
  const text = copy[props.language]
  const partial = props.remaining.length > 0
  const rows: [string, string][] = [
    [text.labels.reference, props.reference],
    [text.labels.venueName, props.venueName],
    [text.labels.passName, props.passName],
    [text.labels.date, props.date],
    [text.labels.time, props.time],
  ]
  return (
    <MailLayout
      language={props.language}
      preview={`${partial ? text.partHeading : text.heading}: ${props.venueName}, ${props.date} ${props.time}`}
    >
      <Text style={headingStyle}>{partial ? text.partHeading : text.heading}</Text>
      <Text style={textStyle}>
        {partial
          ? fill(text.partGreeting, { name: props.name, reference: props.reference, pass: props.passName })
          : fill(text.greeting, { name: props.name })}
      </Text>
      {props.teamReason && <Text style={textStyle}>{fill(text.byTeam, { reason: props.teamReason })}</Text>}
      <Text style={{ ...textStyle, fontWeight: 700 }}>
        {props.refund ? refundNote(props.language, props.refund) : text.nothingToPay}
      </Text>
      <DetailsTable rows={rows} />
      {partial && (
        <>
          <Text style={{ ...headingStyle, fontSize: 17, marginTop: 20 }}>{text.stillBooked}</Text>
          {props.remaining.map((party) => (
            <Text key={party.heading} style={textStyle}>
              <strong>{party.heading}</strong>
              <br />
              {party.references.join(', ')}
            </Text>
          ))}
          <Text style={textStyle}>{text.stillBookedNote}</Text>
        </>
      )}
      <VisitChangeClose language={props.language} bookingUrl={props.bookingUrl} />
    </MailLayout>
  )
}

export const renderBookingCancellation: MailRenderer<'booking-cancellation'> = async (
  { bookingId },
  { db, links, now, rendered },
) => {
  const props = await loadBookingCancellation(db, bookingId, links)
  const element = <BookingCancellation {...props} />
  // The calendar's update of the party's one entry (its UID as in the confirmation): the people still
  // booked, or STATUS:CANCELLED once none is.
  const calendar = await bookingCalendarFile(db, bookingId, links, { now })
  return {
    subject: bookingCancellationSubject(props.language, props.venueName, props.remaining.length > 0),
    ...(await rendered(element)),
    attachments: calendar ? [calendar] : [],
  }
}
