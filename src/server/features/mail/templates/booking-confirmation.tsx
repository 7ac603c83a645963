import { Text } from '@react-email/components'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Language } from '../../../../shared/i18n.ts'
import type { Database } from '../../../db/database.ts'
import { DetailsTable, headingStyle, MailLayout, supportEmail, textStyle } from './layout.tsx'

export interface BookingConfirmationPayload {
  bookingId: number
}

/** The booking e-mail's fields (SPEC section 3), already in the booker's language. */
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
}

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
    },
    paid: 'Paid online',
    payAtVenue: 'Pay at Venue (card or BENEFIT at reception)',
    adviceHeading: 'Before you go',
    advice: [
      'Please arrive 10-15 minutes early to check in.',
      'Bring a valid ID (CPR or passport): reception checks it against your booking.',
      'Wear workout attire and bring a towel.',
    ],
    support: 'Questions or a problem with your booking? Write to us at {email} and we will help.',
  },
  ar: {
    subject: 'تأكيد الحجز - {gym}',
    heading: 'تم تأكيد حجزك',
    greeting: 'مرحباً {name}، شكراً لحجزك عبر داي باس البحرين. إليك تفاصيل الحجز:',
    labels: {
      reference: 'رقم الحجز',
      gymName: 'المكان',
      passName: 'التذكرة',
      passPrice: 'السعر',
      date: 'التاريخ',
      time: 'الوقت',
      location: 'الموقع',
      paymentMethod: 'طريقة الدفع',
    },
    paid: 'مدفوع عبر الإنترنت',
    payAtVenue: 'الدفع في المكان (بطاقة أو بنفت عند الاستقبال)',
    adviceHeading: 'قبل أن تذهب',
    advice: [
      'يرجى الوصول قبل الموعد بـ 10-15 دقيقة لتسجيل الدخول.',
      'أحضر هوية سارية (البطاقة الذكية أو جواز السفر): يتحقق منها الاستقبال مقابل حجزك.',
      'ارتدِ ملابس رياضية وأحضر منشفة.',
    ],
    support: 'هل لديك سؤال أو مشكلة في حجزك؟ راسلنا على {email} وسنساعدك.',
  },
} as const

export function bookingConfirmationSubject(language: Language, gymName: string) {
  return copy[language].subject.replace('{gym}', gymName)
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
  ]
  return (
    <MailLayout
      language={props.language}
      preview={`${text.heading}: ${props.gymName}, ${props.date} ${props.time}`}
    >
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{text.greeting.replace('{name}', props.name)}</Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...headingStyle, fontSize: 17, marginTop: 24 }}>{text.adviceHeading}</Text>
      {text.advice.map((line) => (
        <Text key={line} style={{ ...textStyle, margin: '4px 0' }}>
          • {line}
        </Text>
      ))}
      <Text style={{ ...textStyle, fontSize: 14, color: '#52615f', marginTop: 20 }}>
        {text.support.replace('{email}', supportEmail)}
      </Text>
    </MailLayout>
  )
}

/** Reads a booking and its order into the e-mail's fields, in the language the booker used. */
export async function loadBookingConfirmation(db: Database, bookingId: number) {
  const row = await db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
    .select([
      'b.id',
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
      'o.language',
      'p.first_name',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow()
  const language: Language = row.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  return {
    language,
    name: row.first_name ?? row.guest_first_name ?? '',
    reference: `DP-${String(row.id).padStart(6, '0')}`,
    gymName: ar ? row.gym_name_ar : row.gym_name,
    passName: ar ? row.pass_name_ar : row.pass_name,
    passPrice: row.pass_price,
    date: formatDisplayDate(row.booking_date),
    time: row.booking_time,
    location: ar ? row.location_ar : row.location,
    paymentMethod: row.payment_status,
  } satisfies BookingConfirmationProps
}
