import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import { isOnline } from '../../../shared/payment-methods.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { DetailsTable, headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { partiesCalendarFile } from '../calendar/calendar-file.ts'
import { loadVisits } from '../visits/repository.ts'
import { manageToken, manageUrl } from '../visits/ticket-codes.ts'
import { refundNote, VisitChangeClose } from './visit-change-mail-blocks.tsx'

/** The visits moved together, where they were, and the price difference per person (negative: cheaper). */
export interface BookingDateChangePayload {
  bookingIds: number[]
  previous: { date: string; time: string }
  differenceFils: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'booking-date-change': BookingDateChangePayload
  }
}

const copy = {
  en: {
    subject: 'New date for your booking - {venue}',
    heading: 'Your booking has a new date',
    greeting:
      'Your visit to {venue} is now on {date} at {time}. Your booking references and tickets stay the same.',
    due: 'The new price, {amount} per person, is paid at the venue.',
    same: 'The price stays the same.',
    calendar: 'The attached calendar file updates the entry you already have.',
    labels: { references: 'Booking references', pass: 'Pass', before: 'Before', now: 'Now' },
  },
  ar: {
    subject: 'موعد جديد لحجزك - {venue}',
    heading: 'لحجزك موعد جديد',
    greeting: 'أصبحت زيارتك إلى {venue} يوم {date} الساعة {time}. تبقى أرقام الحجز والتذاكر كما هي.',
    due: 'يُدفع السعر الجديد، {amount} للشخص، في المنشأة.',
    same: 'يبقى السعر كما هو.',
    calendar: 'يحدّث ملف التقويم المرفق الموعد الموجود لديك.',
    labels: { references: 'أرقام الحجز', pass: 'التذكرة', before: 'سابقاً', now: 'الآن' },
  },
} as const

export interface BookingDateChangeProps {
  language: Language
  venueName: string
  passName: string
  references: string[]
  /** dd/mm/yyyy HH:MM */
  before: string
  date: string
  time: string
  /** What goes back to the card in all (`BD 4.000`), or null. */
  refund: string | null
  /** The new price per person when it is paid at the venue and went up, or null. */
  due: string | null
  bookingUrl: string
}

export function BookingDateChange(props: BookingDateChangeProps) {
  const text = copy[props.language]
  const rows: [string, string][] = [
    [text.labels.references, props.references.join(', ')],
    [text.labels.pass, props.passName],
    [text.labels.before, props.before],
    [text.labels.now, `${props.date} ${props.time}`],
  ]
  return (
    <MailLayout
      language={props.language}
      preview={`${text.heading}: ${props.venueName}, ${props.date} ${props.time}`}
    >
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>
        {fill(text.greeting, { venue: props.venueName, date: props.date, time: props.time })}
      </Text>
      <Text style={{ ...textStyle, fontWeight: 700 }}>
        {props.refund
          ? refundNote(props.language, props.refund)
          : props.due
            ? fill(text.due, { amount: props.due })
            : text.same}
      </Text>
      <DetailsTable rows={rows} />
      <Text style={textStyle}>{text.calendar}</Text>
      <VisitChangeClose language={props.language} bookingUrl={props.bookingUrl} />
    </MailLayout>
  )
}

export const renderBookingDateChange: MailRenderer<'booking-date-change'> = async (
  { bookingIds, previous, differenceFils },
  { db, links, now, rendered },
) => {
  const visits = await loadVisits(db, bookingIds)
  const [first] = visits
  if (!first) throw new Error(`no visits ${bookingIds.join(', ')} to tell of their move`)
  const language: Language = first.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  const refundFils =
    visits.filter((visit) => isOnline(visit.payment_method) && visit.payment_status === 'paid').length *
    -differenceFils
  const props: BookingDateChangeProps = {
    language,
    venueName: ar ? first.venue_name_ar : first.venue_name,
    passName: ar ? first.pass_name_ar : first.pass_name,
    references: visits.map((visit) => visit.reference),
    before: `${formatDisplayDate(previous.date)} ${previous.time}`,
    date: formatDisplayDate(first.booking_date),
    time: first.booking_time,
    refund: differenceFils < 0 && refundFils > 0 ? formatBhd(refundFils, language) : null,
    due:
      differenceFils > 0 && first.payment_status === 'pay at venue'
        ? formatBhd(first.price_fils, language)
        : null,
    // The guest's manage link of the version the move left alone: the one they already have.
    bookingUrl: first.user_id
      ? `${links.siteUrl}${pagePath('bookings')}`
      : manageUrl(links.siteUrl, manageToken(links.secret, first)),
  }
  // The party's calendar entry again, as the confirmation made it (one for the party, not one per
  // person): the same UID, a higher SEQUENCE, the new hour.
  const calendar = await partiesCalendarFile(db, [visits.map((visit) => Number(visit.id))], links, { now })
  return {
    subject: fill(copy[language].subject, { venue: props.venueName }),
    ...(await rendered(<BookingDateChange {...props} />)),
    attachments: calendar ? [calendar] : [],
  }
}
