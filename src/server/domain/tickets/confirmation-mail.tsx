import type { Language } from '../../../shared/i18n.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  DetailsTable,
  headingStyle,
  MailLayout,
  textStyle,
  useMailContact,
} from '../../platform/mail/templates/layout.tsx'
import { Button, Img, Link, Section, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { calendarFileName } from '../calendar/booking-calendar.ts'
import { bookingCalendarFile } from '../calendar/calendar-file.ts'
import { type BookingConfirmationProps, loadBookingConfirmation } from './confirmation-mail-data.ts'
import { arrivalAdvice, ticketQrAttachment } from './ticket-mail-parts.ts'

export interface BookingConfirmationPayload {
  bookingId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'booking-confirmation': BookingConfirmationPayload
  }
}

const copy = {
  en: {
    subject: 'Booking Confirmation - {venue}',
    heading: 'Your booking is confirmed',
    greeting: 'Hello {name}, thank you for booking with DayPass Bahrain. Here are your details:',
    labels: {
      reference: 'Booking reference',
      venueName: 'Venue',
      passName: 'Pass',
      passPrice: 'Price',
      date: 'Date',
      time: 'Time',
      location: 'Location',
      paymentMethod: 'Payment method',
      cancellation: 'Cancellation',
    },
    paid: 'Paid online',
    payAtVenue: 'Pay at Venue (card or BENEFIT at reception)',
    adviceHeading: 'Before you go',
    support: 'Questions or a problem with your booking? Write to us at {email} and we will help.',
    ticketHeading: 'Your ticket',
    ticketNote: 'Show this code at reception, or tell them your booking reference {reference}.',
    qrAlt: 'Ticket QR code for booking {reference}',
    manage: 'View or manage your booking',
    myBookings: 'See it in My Bookings',
    directions: 'Directions',
    calendar: 'To add this visit to your calendar, open the attached file ({file}).',
  },
  ar: {
    subject: 'تأكيد الحجز - {venue}',
    heading: 'تم تأكيد حجزك',
    greeting: 'مرحباً {name}، شكراً لحجزك عبر داي باس البحرين. إليك تفاصيل الحجز:',
    labels: {
      reference: 'رقم الحجز',
      venueName: 'المنشأة',
      passName: 'التذكرة',
      passPrice: 'السعر',
      date: 'التاريخ',
      time: 'الوقت',
      location: 'الموقع',
      paymentMethod: 'طريقة الدفع',
      cancellation: 'الإلغاء',
    },
    paid: 'مدفوع عبر الإنترنت',
    payAtVenue: 'الدفع في المنشأة (بطاقة أو بنفت عند الاستقبال)',
    adviceHeading: 'قبل أن تذهب',
    support: 'هل لديك سؤال أو مشكلة في حجزك؟ راسلنا على {email} وسنساعدك.',
    ticketHeading: 'تذكرتك',
    ticketNote: 'اعرض هذا الرمز عند الاستقبال، أو أخبرهم برقم الحجز {reference}.',
    qrAlt: 'رمز QR لتذكرة الحجز {reference}',
    manage: 'عرض حجزك أو إدارته',
    myBookings: 'اعرضه في حجوزاتي',
    directions: 'الاتجاهات',
    calendar: 'لإضافة هذه الزيارة إلى تقويمك، افتح الملف المرفق ({file}).',
  },
} as const

export function bookingConfirmationSubject(language: Language, venueName: string) {
  return fill(copy[language].subject, { venue: venueName })
}

export function BookingConfirmation(props: BookingConfirmationProps) {
  const text = copy[props.language]
  const rows: [string, string][] = [
    [text.labels.reference, props.reference],
    [text.labels.venueName, props.venueName],
    [text.labels.passName, props.passName],
    [text.labels.passPrice, props.passPrice],
    [text.labels.date, props.date],
    [text.labels.time, props.time],
    [text.labels.location, props.location],
    [text.labels.paymentMethod, props.paymentMethod === 'paid' ? text.paid : text.payAtVenue],
    [text.labels.cancellation, props.cancellationPolicy],
  ]
  return (
    <MailLayout
      language={props.language}
      preview={`${text.heading}: ${props.venueName}, ${props.date} ${props.time}`}
    >
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{fill(text.greeting, { name: props.name })}</Text>
      <Section style={{ textAlign: 'center', margin: '16px 0' }}>
        <Text style={{ ...headingStyle, fontSize: 17 }}>{text.ticketHeading}</Text>
        <Img
          src={`cid:${props.qrCid}`}
          width="240"
          height="240"
          alt={fill(text.qrAlt, { reference: props.reference })}
          style={{ margin: '0 auto' }}
        />
        <Text style={{ ...textStyle, fontSize: 20, fontWeight: 700, letterSpacing: 2 }}>
          {props.reference}
        </Text>
        <Text style={textStyle}>{fill(text.ticketNote, { reference: props.reference })}</Text>
        <Button
          href={props.manageUrl ?? props.myBookingsUrl}
          style={{
            backgroundColor: '#0f5b52',
            color: '#ffffff',
            borderRadius: 8,
            padding: '12px 20px',
            fontWeight: 600,
          }}
        >
          {props.manageUrl ? text.manage : text.myBookings}
        </Button>
      </Section>
      <DetailsTable rows={rows} />
      {props.mapUrl && (
        <Text style={textStyle}>
          <Link href={props.mapUrl} style={{ color: '#0f5b52', fontWeight: 600 }}>
            {text.directions}
          </Link>
        </Text>
      )}
      <Text style={textStyle}>{fill(text.calendar, { file: calendarFileName(props.reference) })}</Text>
      <Text style={{ ...headingStyle, fontSize: 17, marginTop: 24 }}>{text.adviceHeading}</Text>
      {arrivalAdvice(props.language, props.towelsIncluded).map((line) => (
        <Text key={line} style={{ ...textStyle, margin: '4px 0' }}>
          • {line}
        </Text>
      ))}
      <Text style={{ ...textStyle, fontSize: 14, color: '#52615f', marginTop: 20 }}>
        {fill(text.support, { email: useMailContact().email })}
      </Text>
    </MailLayout>
  )
}

export const renderBookingConfirmation: MailRenderer<'booking-confirmation'> = async (
  { bookingId },
  { db, links, now, rendered },
) => {
  // The booker's language was kept with the order, so the queued language is not needed here.
  const { props, ticket } = await loadBookingConfirmation(db, bookingId, links)
  const element = <BookingConfirmation {...props} />
  const calendar = await bookingCalendarFile(db, bookingId, links, { now })
  return {
    subject: bookingConfirmationSubject(props.language, props.venueName),
    ...(await rendered(element)),
    // Inline, by content id: the mail loads nothing from anywhere to show the ticket.
    attachments: [await ticketQrAttachment(props.reference, ticket), ...(calendar ? [calendar] : [])],
  }
}
