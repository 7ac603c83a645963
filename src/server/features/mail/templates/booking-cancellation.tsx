import { Button, Text } from '@react-email/components'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Language } from '../../../../shared/i18n.ts'
import { formatBhd } from '../../../../shared/money.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { Database } from '../../../db/database.ts'
import { manageUrl, viewToken } from '../../tickets/ticket-codes.ts'
import type { TicketLinks } from './booking-confirmation.tsx'
import { fill } from './fill.ts'
import { DetailsTable, headingStyle, MailLayout, textStyle, useMailContact } from './layout.tsx'

export interface BookingCancellationPayload {
  bookingId: number
}

/** The cancellation mail's fields, already in the booker's language. */
export interface BookingCancellationProps {
  language: Language
  name: string
  reference: string
  gymName: string
  passName: string
  /** dd/mm/yyyy */
  date: string
  time: string
  /** The amount going back to the card (`BD 14.000`), or null when there was nothing to pay back. */
  refund: string | null
  /** The team's reason, when the team cancelled. */
  teamReason: string | null
  /**
   * Where the cancelled visit and its refund can be seen: a guest's read-only link (the
   * cancellation revoked the links sent before), or My Bookings.
   */
  bookingUrl: string
}

const copy = {
  en: {
    subject: 'Booking cancelled - {gym}',
    heading: 'Your booking is cancelled',
    greeting: 'Hello {name}, your visit below is cancelled and its ticket no longer works.',
    byTeam: 'The DayPass Bahrain team cancelled this visit: {reason}',
    refund: '{amount} goes back to the card you paid with. It can take a few days to show on your statement.',
    nothingToPay: 'Nothing to pay: this visit was to be paid at the venue.',
    seeBooking: 'See your booking',
    labels: {
      reference: 'Booking reference',
      gymName: 'Venue',
      passName: 'Pass',
      date: 'Date',
      time: 'Time',
    },
    support: 'Questions? Write to us at {email} and we will help.',
  },
  ar: {
    subject: 'تم إلغاء الحجز - {gym}',
    heading: 'تم إلغاء حجزك',
    greeting: 'مرحباً {name}، تم إلغاء زيارتك أدناه ولم تعد تذكرتها صالحة.',
    byTeam: 'ألغى فريق داي باس البحرين هذه الزيارة: {reason}',
    refund: 'سيُعاد مبلغ {amount} إلى البطاقة التي دفعت بها. قد يستغرق ظهوره في كشف حسابك بضعة أيام.',
    nothingToPay: 'لا شيء لدفعه: كان الدفع لهذه الزيارة في المنشأة.',
    seeBooking: 'عرض حجزك',
    labels: {
      reference: 'رقم الحجز',
      gymName: 'المنشأة',
      passName: 'التذكرة',
      date: 'التاريخ',
      time: 'الوقت',
    },
    support: 'هل لديك سؤال؟ راسلنا على {email} وسنساعدك.',
  },
} as const

export function bookingCancellationSubject(language: Language, gymName: string) {
  return fill(copy[language].subject, { gym: gymName })
}

export function BookingCancellation(props: BookingCancellationProps) {
  const text = copy[props.language]
  const rows: [string, string][] = [
    [text.labels.reference, props.reference],
    [text.labels.gymName, props.gymName],
    [text.labels.passName, props.passName],
    [text.labels.date, props.date],
    [text.labels.time, props.time],
  ]
  return (
    <MailLayout
      language={props.language}
      preview={`${text.heading}: ${props.gymName}, ${props.date} ${props.time}`}
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

/** Reads a cancelled booking, its refund and its order's language into the mail's fields. */
export async function loadBookingCancellation(
  db: Database,
  bookingId: number,
  links: TicketLinks,
): Promise<BookingCancellationProps> {
  const row = await db
    .selectFrom('confirmed_bookings as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
    .leftJoin('booking_refunds as r', 'r.booking_id', 'b.id')
    .select([
      'b.id',
      'b.manage_version',
      'b.user_id',
      'b.reference',
      'b.gym_name',
      'b.gym_name_ar',
      'b.pass_name',
      'b.pass_name_ar',
      'b.booking_date',
      'b.booking_time',
      'b.guest_first_name',
      'b.cancel_reason',
      'b.cancelled_by_team',
      'o.language',
      'p.first_name',
      'r.amount_fils',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirstOrThrow()
  const language: Language = row.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  return {
    language,
    name: row.first_name ?? row.guest_first_name ?? '',
    reference: row.reference,
    gymName: ar ? row.gym_name_ar : row.gym_name,
    passName: ar ? row.pass_name_ar : row.pass_name,
    date: formatDisplayDate(row.booking_date),
    time: row.booking_time,
    refund: row.amount_fils ? formatBhd(row.amount_fils, language) : null,
    teamReason: row.cancelled_by_team ? row.cancel_reason : null,
    bookingUrl: row.user_id
      ? `${links.siteUrl}${pagePath('bookings')}`
      : manageUrl(links.siteUrl, viewToken(links.secret, row)),
  }
}
