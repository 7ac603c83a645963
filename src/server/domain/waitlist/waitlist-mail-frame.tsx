import type { Language } from '../../../shared/i18n.ts'
import {
  ActionButton,
  DetailsTable,
  headingStyle,
  MailLayout,
  noteStyle,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Link, Text } from '../../platform/mail/templates/parts.ts'

const copy = {
  en: {
    leave: 'No longer needed? Leave the waiting list',
    labels: { venueName: 'Venue', passName: 'Pass', date: 'Date', time: 'Time', people: 'People' },
  },
  ar: {
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

/** A waiting-list request as every waiting-list mail shows it (mail-details.ts), in the visitor's language. */
export interface WaitlistMailRequest {
  language: Language
  venueName: string
  passName: string
  date: string
  time: string
  people: number
  leaveUrl: string
}

/**
 * The one shape of the waiting-list mails, so they read alike: a heading and `intro`, the
 * request's details, the mail's one action, and the way off the list last.
 */
export function WaitlistMailFrame({
  request,
  heading,
  intro,
  action,
}: {
  request: WaitlistMailRequest
  heading: string
  intro: string
  action: { href: string; label: string }
}) {
  const text = copy[request.language]
  return (
    <MailLayout language={request.language} preview={`${heading}: ${request.venueName}, ${request.date}`}>
      <Text style={headingStyle}>{heading}</Text>
      <Text style={textStyle}>{intro}</Text>
      <DetailsTable
        rows={[
          [text.labels.venueName, request.venueName],
          [text.labels.passName, request.passName],
          [text.labels.date, request.date],
          [text.labels.time, request.time],
          [text.labels.people, String(request.people)],
        ]}
      />
      <ActionButton href={action.href} label={action.label} />
      <Text style={noteStyle}>
        <Link href={request.leaveUrl}>{text.leave}</Link>
      </Text>
    </MailLayout>
  )
}
