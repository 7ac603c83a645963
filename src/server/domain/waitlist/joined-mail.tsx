import { waitlistOfferMinutes } from '../../../shared/waitlist.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { waitlistMailDetails } from './mail-details.ts'
import { loadEntryMailRow } from './repository.ts'
import { WaitlistMailFrame, type WaitlistMailRequest } from './waitlist-mail-frame.tsx'

export interface WaitlistJoinedPayload {
  entryId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'waitlist-joined': WaitlistJoinedPayload
  }
}

const copy = {
  en: {
    subject: 'You are on the waiting list - {venue}',
    heading: 'You are on the waiting list',
    intro:
      'We will write to you as soon as places free up for {people}. We then hold them for you for {minutes} minutes: book them through the link in that mail.',
    see: 'See your request',
  },
  ar: {
    subject: 'أنت على قائمة الانتظار - {venue}',
    heading: 'أنت على قائمة الانتظار',
    intro:
      'سنراسلك فور توفر أماكن لعدد {people}. نحجزها لك حينها لمدة {minutes} دقيقة: احجزها عبر الرابط في تلك الرسالة.',
    see: 'عرض طلبك',
  },
} as const

export interface WaitlistJoinedProps extends WaitlistMailRequest {
  requestUrl: string
}

/** The mail that confirms a request is in line (docs/booking.md, "Waiting list"), in the visitor's language. */
export function WaitlistJoined(props: WaitlistJoinedProps) {
  const text = copy[props.language]
  return (
    <WaitlistMailFrame
      request={props}
      heading={text.heading}
      intro={fill(text.intro, { people: String(props.people), minutes: String(waitlistOfferMinutes) })}
      action={{ href: props.requestUrl, label: text.see }}
    />
  )
}

export const renderWaitlistJoined: MailRenderer<'waitlist-joined'> = async (
  { entryId },
  { db, language, links, rendered },
) => {
  const { pageUrl, ...details } = waitlistMailDetails(await loadEntryMailRow(db, entryId), language, links)
  return {
    subject: fill(copy[language].subject, { venue: details.venueName }),
    ...(await rendered(<WaitlistJoined {...details} requestUrl={pageUrl} />)),
  }
}
