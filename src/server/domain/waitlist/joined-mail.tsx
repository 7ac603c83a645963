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
    leave: 'No longer needed? Leave the waiting list',
    labels: { venueName: 'Venue', passName: 'Pass', date: 'Date', time: 'Time', people: 'People' },
  },
  ar: {
    subject: 'أنت على قائمة الانتظار - {venue}',
    heading: 'أنت على قائمة الانتظار',
    intro:
      'سنراسلك فور توفر أماكن لعدد {people}. نحجزها لك حينها لمدة {minutes} دقيقة: احجزها عبر الرابط في تلك الرسالة.',
    see: 'عرض طلبك',
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

export interface WaitlistJoinedProps {
  language: Language
  venueName: string
  passName: string
  date: string
  time: string
  people: number
  requestUrl: string
  leaveUrl: string
}

/** The mail that confirms a request is in line (docs/booking.md, "Waiting list"), in the visitor's language. */
export function WaitlistJoined(props: WaitlistJoinedProps) {
  const text = copy[props.language]
  return (
    <MailLayout language={props.language} preview={`${text.heading}: ${props.venueName}, ${props.date}`}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>
        {fill(text.intro, { people: String(props.people), minutes: String(waitlistOfferMinutes) })}
      </Text>
      <DetailsTable
        rows={[
          [text.labels.venueName, props.venueName],
          [text.labels.passName, props.passName],
          [text.labels.date, props.date],
          [text.labels.time, props.time],
          [text.labels.people, String(props.people)],
        ]}
      />
      <ActionButton href={props.requestUrl} label={text.see} />
      <Text style={noteStyle}>
        <Link href={props.leaveUrl}>{text.leave}</Link>
      </Text>
    </MailLayout>
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
