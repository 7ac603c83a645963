import { clockInBahrain } from '../../../shared/bahrain-time.ts'
import { waitlistOfferMinutes } from '../../../shared/waitlist.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { waitlistMailDetails } from './mail-details.ts'
import { loadEntryMailRow } from './repository.ts'
import { WaitlistMailFrame, type WaitlistMailRequest } from './waitlist-mail-frame.tsx'

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
  },
  ar: {
    subject: 'أماكن متاحة في {venue} - احجز خلال {minutes} دقيقة',
    heading: 'توفرت أماكن لك',
    intro:
      'طلبت أن نخبرك إذا توفرت أماكن. نحجز لك {people} حتى {until} (بتوقيت البحرين)؛ بعد ذلك تنتقل إلى الشخص التالي في قائمة الانتظار.',
    book: 'احجز هذه الأماكن',
  },
} as const

export interface WaitlistOfferProps extends WaitlistMailRequest {
  /** HH:MM in Bahrain. */
  until: string
  offerUrl: string
}

export function WaitlistOffer(props: WaitlistOfferProps) {
  const text = copy[props.language]
  return (
    <WaitlistMailFrame
      request={props}
      heading={text.heading}
      intro={fill(text.intro, { people: String(props.people), until: props.until })}
      action={{ href: props.offerUrl, label: text.book }}
    />
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
