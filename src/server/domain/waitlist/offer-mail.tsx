import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { waitlistOfferMinutes } from '../../../shared/waitlist.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  ActionButton,
  DetailsTable,
  headingStyle,
  MailLayout,
  noteStyle,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Link, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { loadEntryMailRow } from './repository.ts'
import { waitlistToken } from './tokens.ts'

export interface WaitlistOfferPayload {
  entryId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'waitlist-offer': WaitlistOfferPayload
  }
}

const copy = {
  en: {
    subject: 'Places free at {venue} - book within {minutes} minutes',
    heading: 'Places have freed up for you',
    intro:
      'You asked to be told if places free up. We are holding {people} for you until {until} (Bahrain time); after that they go to the next person waiting.',
    book: 'Book these places',
    leave: 'No longer needed? Leave the waiting list',
    labels: { venueName: 'Venue', passName: 'Pass', date: 'Date', time: 'Time', people: 'People' },
  },
  ar: {
    subject: 'أماكن متاحة في {venue} - احجز خلال {minutes} دقيقة',
    heading: 'توفرت أماكن لك',
    intro:
      'طلبت أن نخبرك إذا توفرت أماكن. نحجز لك {people} حتى {until} (بتوقيت البحرين)؛ بعد ذلك تنتقل إلى الشخص التالي في قائمة الانتظار.',
    book: 'احجز هذه الأماكن',
    leave: 'لم تعد بحاجة إليها؟ غادر قائمة الانتظار',
    labels: {
      venueName: 'المنشأة',
      passName: 'التذكرة',
      date: 'التاريخ',
      time: 'الوقت',
      people: 'عدد الأشخاص',
    },
  },
} as const

export interface WaitlistOfferProps {
  language: Language
  venueName: string
  passName: string
  date: string
  time: string
  people: number
  /** HH:MM in Bahrain. */
  until: string
  offerUrl: string
  leaveUrl: string
}

export function WaitlistOffer(props: WaitlistOfferProps) {
  const text = copy[props.language]
  return (
    <MailLayout language={props.language} preview={`${text.heading}: ${props.venueName}, ${props.date}`}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{fill(text.intro, { people: String(props.people), until: props.until })}</Text>
      <DetailsTable
        rows={[
          [text.labels.venueName, props.venueName],
          [text.labels.passName, props.passName],
          [text.labels.date, props.date],
          [text.labels.time, props.time],
          [text.labels.people, String(props.people)],
        ]}
      />
      <ActionButton href={props.offerUrl} label={text.book} />
      <Text style={noteStyle}>
        <Link href={props.leaveUrl}>{text.leave}</Link>
      </Text>
    </MailLayout>
  )
}

/** HH:MM of an instant in Bahrain (UTC+3, no daylight saving). */
function bahrainClock(instant: Date): string {
  return new Date(instant.getTime() + 3 * 3_600_000).toISOString().slice(11, 16)
}

export const renderWaitlistOffer: MailRenderer<'waitlist-offer'> = async (
  { entryId },
  { db, language, links, rendered },
) => {
  const row = await loadEntryMailRow(db, entryId)
  // The language it was queued in: the visitor's, when they joined.
  const ar = language === 'ar'
  const offerUrl = `${links.siteUrl.replace(/\/$/, '')}/waitlist/${waitlistToken(links.secret, row.id)}`
  const venueName = ar ? row.venue_ar : row.venue_en
  const element = (
    <WaitlistOffer
      language={language}
      venueName={venueName}
      passName={(ar ? row.pass_ar : row.pass_en) ?? ''}
      date={formatDisplayDate(row.slot_date)}
      time={`${String(row.slot_hour).padStart(2, '0')}:00`}
      people={row.people}
      until={bahrainClock(row.offer_expires_at ?? new Date())}
      offerUrl={offerUrl}
      leaveUrl={`${offerUrl}?leave=1`}
    />
  )
  return {
    subject: fill(copy[language].subject, { venue: venueName, minutes: String(waitlistOfferMinutes) }),
    ...(await rendered(element)),
  }
}
