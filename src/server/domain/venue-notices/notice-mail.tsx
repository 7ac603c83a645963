import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  DetailsTable,
  headingStyle,
  MailLayout,
  textStyle,
  useMailContact,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { loadNoticeVisits, type NoticeVisit } from './notice-data.ts'

export type VenueNoticeEvent = 'confirmed' | 'changed' | 'cancelled'

/** Queued by `queueVenueNotices` (queue.ts), one per order and venue. */
export interface VenueNoticePayload {
  event: VenueNoticeEvent
  /** The visits of one order at one venue that the notice is about (a party: one per person). */
  bookingIds: number[]
  /** For a change: the date (yyyy-mm-dd) and time the visits had before. */
  previous?: { date: string; time: string }
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'venue-booking-notice': VenueNoticePayload
  }
}

const copy = {
  en: {
    subject: {
      confirmed: 'New booking - {venue}, {date} {time}',
      changed: 'Booking changed - {venue}, {date} {time}',
      cancelled: 'Booking cancelled - {venue}, {date} {time}',
    },
    heading: {
      confirmed: 'A new booking',
      changed: 'A booking has changed',
      cancelled: 'A booking is cancelled',
    },
    intro: {
      confirmed:
        'This booking at {venue} is confirmed. Each guest shows their ticket at reception, or tells you its reference.',
      changed: 'This booking at {venue} has moved from {previous} to the date and time below.',
      cancelled: 'This booking at {venue} is cancelled: its tickets no longer work.',
    },
    labels: {
      references: 'Booking reference',
      pass: 'Pass',
      people: 'People',
      date: 'Date',
      time: 'Time (Bahrain)',
      payment: 'Payment',
      bookedBy: 'Booked by',
    },
    paid: 'Paid online',
    payAtVenue: 'To be paid at the venue: {amount}',
    footer:
      'You receive this because it is the bookings address of {venue} at DayPass Bahrain. To change it, or to receive one list each morning instead, write to us at {email}.',
  },
  ar: {
    subject: {
      confirmed: 'حجز جديد - {venue}، {date} {time}',
      changed: 'تم تغيير حجز - {venue}، {date} {time}',
      cancelled: 'تم إلغاء حجز - {venue}، {date} {time}',
    },
    heading: {
      confirmed: 'حجز جديد',
      changed: 'تم تغيير حجز',
      cancelled: 'تم إلغاء حجز',
    },
    intro: {
      confirmed: 'تم تأكيد هذا الحجز في {venue}. يعرض كل ضيف تذكرته عند الاستقبال، أو يخبركم برقم الحجز.',
      changed: 'تم نقل هذا الحجز في {venue} من {previous} إلى التاريخ والوقت أدناه.',
      cancelled: 'تم إلغاء هذا الحجز في {venue}: لم تعد تذاكره صالحة.',
    },
    labels: {
      references: 'رقم الحجز',
      pass: 'التذكرة',
      people: 'عدد الأشخاص',
      date: 'التاريخ',
      time: 'الوقت (بتوقيت البحرين)',
      payment: 'الدفع',
      bookedBy: 'باسم',
    },
    paid: 'مدفوع عبر الإنترنت',
    payAtVenue: 'يُدفع في المنشأة: {amount}',
    footer:
      'تصلكم هذه الرسالة لأنه عنوان الحجوزات لـ{venue} لدى داي باس البحرين. لتغييره، أو لتلقي قائمة واحدة كل صباح بدلاً من ذلك، راسلونا على {email}.',
  },
} as const

export interface VenueNoticeProps {
  language: Language
  event: VenueNoticeEvent
  visits: NoticeVisit[]
  previous?: { date: string; time: string }
}

/** Each different value once, in the order met: one line when a party booked one pass for one hour. */
const distinct = (values: string[]) => [...new Set(values)].join('\n')

export function venueNoticeSubject({ language, event, visits }: VenueNoticeProps) {
  const first = visits[0]
  return fill(copy[language].subject[event], {
    venue: first ? first.venueName[language] || first.venueName.en : '',
    date: first ? formatDisplayDate(first.date) : '',
    time: first?.time ?? '',
  })
}

export function VenueNotice({ language, event, visits, previous }: VenueNoticeProps) {
  const text = copy[language]
  const first = visits[0]
  const venue = first ? first.venueName[language] || first.venueName.en : ''
  const atVenue = visits.filter((visit) => visit.paymentStatus === 'pay at venue')
  const atVenueFils = atVenue.reduce((sum, visit) => sum + visit.priceFils, 0)
  const rows: [string, string][] = [
    [text.labels.references, visits.map((visit) => visit.reference).join('\n')],
    [text.labels.pass, distinct(visits.map((visit) => visit.pass[language] || visit.pass.en))],
    [text.labels.people, String(visits.length)],
    [text.labels.date, distinct(visits.map((visit) => formatDisplayDate(visit.date)))],
    [text.labels.time, distinct(visits.map((visit) => visit.time))],
    [
      text.labels.payment,
      atVenue.length > 0 ? fill(text.payAtVenue, { amount: formatBhd(atVenueFils, language) }) : text.paid,
    ],
    [text.labels.bookedBy, distinct(visits.map((visit) => visit.bookerName)) || '—'],
  ]
  const intro = fill(text.intro[event], {
    venue,
    previous: previous ? `${formatDisplayDate(previous.date)} ${previous.time}` : '',
  })
  return (
    <MailLayout language={language} preview={`${text.heading[event]}: ${venue}`}>
      <Text style={headingStyle}>{text.heading[event]}</Text>
      <Text style={textStyle}>{intro}</Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...textStyle, fontSize: 14, color: '#52615f', marginTop: 20 }}>
        {fill(text.footer, { venue, email: useMailContact().email })}
      </Text>
    </MailLayout>
  )
}

/** Rendered when sent, from the visits as stored; in the venue's notice language, as queued. */
export const renderVenueBookingNotice: MailRenderer<'venue-booking-notice'> = async (
  { event, bookingIds, previous },
  { db, language, rendered },
) => {
  const visits = await loadNoticeVisits(db, bookingIds)
  if (visits.length === 0) throw new MailNoLongerDue('The visits are gone')
  const props: VenueNoticeProps = { language, event, visits, ...(previous && { previous }) }
  return { subject: venueNoticeSubject(props), ...(await rendered(<VenueNotice {...props} />)) }
}
