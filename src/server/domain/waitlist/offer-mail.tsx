import { clockInBahrain } from '../../../shared/bahrain-time.ts'
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
import { waitlistMailDetails } from './mail-details.ts'
import { loadEntryMailRow } from './repository.ts'

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

export const renderWaitlistOffer: MailRenderer<'waitlist-offer'> = async (
  { entryId },
  { db, language, links, rendered },
) => {
  const row = await loadEntryMailRow(db, entryId)
  const { pageUrl, ...details } = waitlistMailDetails(row, language, links)
  const until = clockInBahrain(row.offer_expires_at ?? new Date())
  return {
    subject: fill(copy[language].subject, {
      venue: details.venueName,
      minutes: String(waitlistOfferMinutes),
    }),
    ...(await rendered(<WaitlistOffer {...details} until={until} offerUrl={pageUrl} />)),
  }
}
