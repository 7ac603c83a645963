import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { headingStyle, MailLayout, textStyle, useMailContact } from '../../platform/mail/templates/layout.tsx'
import { Section, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { loadDayVisits, loadVenueName, type NoticeVisit } from './notice-data.ts'

/** Queued by `queueDueDigests` (digest.ts), once per venue and day. */
export interface VenueDigestPayload {
  venueId: string
  /** yyyy-mm-dd, Bahrain time. */
  date: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'venue-daily-digest': VenueDigestPayload
  }
}

const copy = {
  en: {
    subject: 'Today’s bookings - {venue}, {date}',
    heading: 'Today’s bookings',
    intro: '{count} visits booked at {venue} for {date}, by time (Bahrain):',
    none: 'No visits are booked at {venue} for {date} any more.',
    paid: 'paid online',
    payAtVenue: 'to pay at the venue: {amount}',
    footer:
      'You receive one list each morning as the bookings address of {venue} at DayPass Bahrain. To change that, write to us at {email}.',
  },
  ar: {
    subject: 'حجوزات اليوم - {venue}، {date}',
    heading: 'حجوزات اليوم',
    intro: 'عدد الزيارات المحجوزة في {venue} ليوم {date}: {count}، حسب الوقت (بتوقيت البحرين):',
    none: 'لم تعد هناك زيارات محجوزة في {venue} ليوم {date}.',
    paid: 'مدفوع عبر الإنترنت',
    payAtVenue: 'يُدفع في المنشأة: {amount}',
    footer:
      'تصلكم قائمة واحدة كل صباح بصفتكم عنوان الحجوزات لـ{venue} لدى داي باس البحرين. لتغيير ذلك، راسلونا على {email}.',
  },
} as const

export interface VenueDigestProps {
  language: Language
  venueName: string
  /** yyyy-mm-dd */
  date: string
  visits: NoticeVisit[]
}

export function venueDigestSubject({ language, venueName, date }: VenueDigestProps) {
  return fill(copy[language].subject, { venue: venueName, date: formatDisplayDate(date) })
}

/** One line per visit: time, reference, pass, the booker's name and how it is paid. */
function visitLine(visit: NoticeVisit, language: Language) {
  const text = copy[language]
  const payment =
    visit.paymentStatus === 'paid'
      ? text.paid
      : fill(text.payAtVenue, { amount: formatBhd(visit.priceFils, language) })
  return [
    visit.time,
    visit.reference,
    visit.pass[language] || visit.pass.en,
    visit.bookerName || '—',
    payment,
  ].join(' · ')
}

export function VenueDigest(props: VenueDigestProps) {
  const { language, venueName, visits } = props
  const text = copy[language]
  const date = formatDisplayDate(props.date)
  return (
    <MailLayout language={language} preview={`${text.heading}: ${venueName}, ${date}`}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>
        {fill(visits.length > 0 ? text.intro : text.none, { venue: venueName, date, count: visits.length })}
      </Text>
      {visits.length > 0 && (
        <Section style={{ backgroundColor: '#fbf8f2', borderRadius: 12, padding: '8px 16px' }}>
          {visits.map((visit) => (
            <Text key={visit.id} style={{ ...textStyle, margin: '6px 0' }}>
              {visitLine(visit, language)}
            </Text>
          ))}
        </Section>
      )}
      <Text style={{ ...textStyle, fontSize: 14, color: '#52615f', marginTop: 20 }}>
        {fill(text.footer, { venue: venueName, email: useMailContact().email })}
      </Text>
    </MailLayout>
  )
}

/** Rendered when sent: the day's visits that still stand then, in the venue's notice language. */
export const renderVenueDailyDigest: MailRenderer<'venue-daily-digest'> = async (
  { venueId, date },
  { db, language, rendered },
) => {
  const [name, visits] = await Promise.all([loadVenueName(db, venueId), loadDayVisits(db, venueId, date)])
  if (!name) throw new MailNoLongerDue('The venue is gone')
  const venueName = name[language] || name.en
  const props: VenueDigestProps = { language, venueName, date, visits }
  return { subject: venueDigestSubject(props), ...(await rendered(<VenueDigest {...props} />)) }
}
