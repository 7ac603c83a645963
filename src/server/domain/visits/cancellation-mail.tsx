import type { Language } from '../../../shared/i18n.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  DetailsTable,
  headingStyle,
  MailLayout,
  textStyle,
  useMailContact,
} from '../../platform/mail/templates/layout.tsx'
import { Button, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { bookingCalendarFile } from '../calendar/calendar-file.ts'
import { type BookingCancellationProps, loadBookingCancellation } from './cancellation-mail-data.ts'

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
    byTeam: 'The DayPass Bahrain team cancelled this visit: {reason}',
    refund: '{amount} goes back to the card you paid with. It can take a few days to show on your statement.',
    nothingToPay: 'Nothing to pay: this visit was to be paid at the venue.',
    seeBooking: 'See your booking',
    labels: {
      reference: 'Booking reference',
      venueName: 'Venue',
      passName: 'Pass',
      date: 'Date',
      time: 'Time',
    },
    support: 'Questions? Write to us at {email} and we will help.',
  },
  ar: {
    subject: 'تم إلغاء الحجز - {venue}',
    heading: 'تم إلغاء حجزك',
    greeting: 'مرحباً {name}، تم إلغاء زيارتك أدناه ولم تعد تذكرتها صالحة.',
    byTeam: 'ألغى فريق داي باس البحرين هذه الزيارة: {reason}',
    refund: 'سيُعاد مبلغ {amount} إلى البطاقة التي دفعت بها. قد يستغرق ظهوره في كشف حسابك بضعة أيام.',
    nothingToPay: 'لا شيء لدفعه: كان الدفع لهذه الزيارة في المنشأة.',
    seeBooking: 'عرض حجزك',
    labels: {
      reference: 'رقم الحجز',
      venueName: 'المنشأة',
      passName: 'التذكرة',
      date: 'التاريخ',
      time: 'الوقت',
    },
    support: 'هل لديك سؤال؟ راسلنا على {email} وسنساعدك.',
  },
} as const

export function bookingCancellationSubject(language: Language, venueName: string) {
  return fill(copy[language].subject, { venue: venueName })
}

export function BookingCancellation(props: BookingCancellationProps) {
  const text = copy[props.language]
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
      preview={`${text.heading}: ${props.venueName}, ${props.date} ${props.time}`}
    >
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{fill(text.greeting, { name: props.name })}</Text>
      {props.teamReason && <Text style={textStyle}>{fill(text.byTeam, { reason: props.teamReason })}</Text>}
      <Text style={{ ...textStyle, fontWeight: 700 }}>
        {props.refund ? fill(text.refund, { amount: props.refund }) : text.nothingToPay}
      </Text>
      <DetailsTable rows={rows} />
      <Button
        href={props.bookingUrl}
        style={{
          backgroundColor: '#0f5b52',
          color: '#ffffff',
          borderRadius: 8,
          padding: '12px 20px',
          fontWeight: 600,
          marginTop: 16,
        }}
      >
        {text.seeBooking}
      </Button>
      <Text style={{ ...textStyle, fontSize: 14, color: '#52615f', marginTop: 20 }}>
        {fill(text.support, { email: useMailContact().email })}
      </Text>
    </MailLayout>
  )
}

export const renderBookingCancellation: MailRenderer<'booking-cancellation'> = async (
  { bookingId },
  { db, links, now, rendered },
) => {
  const props = await loadBookingCancellation(db, bookingId, links)
  const element = <BookingCancellation {...props} />
  // The calendar's update: the same UID as the confirmation's entry, with STATUS:CANCELLED.
  const calendar = await bookingCalendarFile(db, bookingId, links, { now })
  return {
    subject: bookingCancellationSubject(props.language, props.venueName),
    ...(await rendered(element)),
    attachments: calendar ? [calendar] : [],
  }
}
