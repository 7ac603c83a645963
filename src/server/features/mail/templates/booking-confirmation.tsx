import { Button, Img, Link, Section, Text } from '@react-email/components'
import { formatDisplayDate, slotStart } from '../../../../shared/bahrain-time.ts'
import { describeCancellation } from '../../../../shared/cancellation-policy.ts'
import type { Language } from '../../../../shared/i18n.ts'
import { localizeBhd } from '../../../../shared/money.ts'
import { mapLinks } from '../../../../shared/opening-hours.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { Database } from '../../../db/database.ts'
import { calendarFileName } from '../../calendar/booking-calendar.ts'
import { manageToken, manageUrl, ticketPayload } from '../../tickets/ticket-codes.ts'
import { fill } from './fill.ts'
import { DetailsTable, headingStyle, MailLayout, textStyle, useMailContact } from './layout.tsx'

export interface BookingConfirmationPayload {
  bookingId: number
}

/** The booking e-mail's fields (docs/product.md, "What is stored"), already in the booker's language. */
export interface BookingConfirmationProps {
  language: Language
  name: string
  reference: string
  gymName: string
  passName: string
  passPrice: string
  /** dd/mm/yyyy */
  date: string
  time: string
  location: string
  paymentMethod: 'paid' | 'pay at venue'
  /** "Free cancellation until Tue 25/11/2026 10:00" or "Non-refundable", as when it was booked. */
  cancellationPolicy: string
  /** The pass includes towels (its description says so): the advice then does not ask for one. */
  towelsIncluded: boolean
  /** The `cid:` of the ticket's QR code, attached to the mail. */
  qrCid: string
  /** A guest's "View or manage your booking" link; a signed-in booker has My Bookings instead. */
  manageUrl: string | null
  myBookingsUrl: string
  /** Directions to the venue in the visitor's maps app; null when the venue has no position set. */
  mapUrl: string | null
}

/** The content id of the QR code's attachment. */
export const ticketQrCid = 'ticket-qr@daypass'

const copy = {
  en: {
    subject: 'Booking Confirmation - {gym}',
    heading: 'Your booking is confirmed',
    greeting: 'Hello {name}, thank you for booking with DayPass Bahrain. Here are your details:',
    labels: {
      reference: 'Booking reference',
      gymName: 'Venue',
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
    advice: [
      'Please arrive 10-15 minutes early to check in.',
      'Bring a valid ID (CPR or passport): reception checks it against your booking.',
      'Wear workout attire and bring a towel.',
    ],
    adviceTowelsIncluded: 'Wear workout attire; towels are included with your pass.',
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
    subject: 'تأكيد الحجز - {gym}',
    heading: 'تم تأكيد حجزك',
    greeting: 'مرحباً {name}، شكراً لحجزك عبر داي باس البحرين. إليك تفاصيل الحجز:',
    labels: {
      reference: 'رقم الحجز',
      gymName: 'المنشأة',
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
    advice: [
      'يرجى الوصول قبل الموعد بـ 10-15 دقيقة لتسجيل الدخول.',
      'أحضر هوية سارية (البطاقة الذكية أو جواز السفر): يتحقق منها الاستقبال مقابل حجزك.',
      'ارتدِ ملابس رياضية وأحضر منشفة.',
    ],
    adviceTowelsIncluded: 'ارتدِ ملابس رياضية؛ المناشف مشمولة في تذكرتك.',
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

export function bookingConfirmationSubject(language: Language, gymName: string) {
  return fill(copy[language].subject, { gym: gymName })
}

export function BookingConfirmation(props: BookingConfirmationProps) {
  const text = copy[props.language]
  const rows: [string, string][] = [
    [text.labels.reference, props.reference],
    [text.labels.gymName, props.gymName],
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
      preview={`${text.heading}: ${props.gymName}, ${props.date} ${props.time}`}
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

/**
 * What to bring and when to arrive (the ID check first); "bring a towel" is swapped for a note when
 * the pass includes towels. The reminder repeats it.
 */
export function arrivalAdvice(language: Language, towelsIncluded: boolean): readonly string[] {
  const text = copy[language]
  if (!towelsIncluded) return text.advice
  return [...text.advice.slice(0, -1), text.adviceTowelsIncluded]
}

/** Whether a pass includes towels, read from its English "name - description" (the catalog's wording). */
export function passIncludesTowels(englishPassName: string) {
  return /\btowels?\b/i.test(englishPassName)
}

export interface TicketLinks {
  /** AUTH_SECRET: the ticket payload and the manage link are signed with it. */
  secret: string
  siteUrl: string
}

/**
 * Reads a booking and its order into the e-mail's fields, in the language the booker used, with
 * the text its QR code holds.
 */
export async function loadBookingConfirmation(db: Database, bookingId: number, links: TicketLinks) {
  const row = await db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
    .leftJoin('venues as v', 'v.id', 'b.gym_id')
    .select([
      'b.created_at',
      'b.cancellation_notice_hours',
      'v.cancellation_notice_hours as venue_notice_hours',
      'b.id',
      'b.reference',
      'b.ticket_salt',
      'b.manage_version',
      'b.user_id',
      'b.gym_name',
      'b.gym_name_ar',
      'b.pass_name',
      'b.pass_name_ar',
      'b.pass_price',
      'b.booking_date',
      'b.booking_time',
      'b.location',
      'b.location_ar',
      'b.payment_status',
      'b.guest_first_name',
      'b.cancelled_at',
      'o.language',
      'p.first_name',
      'v.latitude',
      'v.longitude',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow()
  const language: Language = row.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  const props = {
    language,
    name: row.first_name ?? row.guest_first_name ?? '',
    reference: row.reference,
    gymName: ar ? row.gym_name_ar : row.gym_name,
    passName: ar ? row.pass_name_ar : row.pass_name,
    passPrice: localizeBhd(row.pass_price, language),
    date: formatDisplayDate(row.booking_date),
    time: row.booking_time,
    location: ar ? row.location_ar : row.location,
    paymentMethod: row.payment_status,
    // The policy as it stood when the visit was booked: the mail says what the visitor agreed to.
    cancellationPolicy: describeCancellation(
      { date: row.booking_date, time: row.booking_time },
      row.cancellation_notice_hours ?? row.venue_notice_hours ?? 24,
      row.created_at,
      language,
    ),
    towelsIncluded: passIncludesTowels(row.pass_name),
    qrCid: ticketQrCid,
    manageUrl: row.user_id ? null : manageUrl(links.siteUrl, manageToken(links.secret, row)),
    myBookingsUrl: `${links.siteUrl}${pagePath('bookings')}`,
    mapUrl:
      row.latitude !== null && row.longitude !== null
        ? mapLinks({ latitude: row.latitude, longitude: row.longitude }).directions
        : null,
  } satisfies BookingConfirmationProps
  return {
    props,
    ticket: ticketPayload(links.secret, row),
    cancelled: row.cancelled_at !== null,
    visitStart: slotStart(row.booking_date, row.booking_time),
  }
}
