import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { reviewWindowDays } from '../../../shared/reviews.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  ActionButton,
  DetailsTable,
  headingStyle,
  MailLayout,
  noteStyle,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { findVisitForReview } from '../visits/review-repository.ts'
import { reviewRefusal } from './eligibility.ts'
import { withinReviewWindow } from './invites.ts'
import { findPartyReview } from './repository.ts'
import { reviewToken, reviewUrl } from './tokens.ts'

/** Queued at check-in (invites.ts): the visit whose review is asked for. */
export interface ReviewInvitePayload {
  bookingId: number
  /** The visit's party: one invitation each (migration 031). Absent on invitations queued before. */
  reviewParty?: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'review-invite': ReviewInvitePayload
  }
}

const copy = {
  en: {
    subject: 'How was your visit to {venue}?',
    heading: 'How was {venue}?',
    intro:
      'Thank you for visiting. Your review helps other visitors choose: give 1 to 5 stars and, if you like, a few words in English or Arabic. Only visitors who were checked in can review, once per visit.',
    button: 'Write your review',
    window: 'The link works for {days} days after your visit.',
    labels: { venue: 'Venue', pass: 'Pass', date: 'Visit date' },
  },
  ar: {
    subject: 'كيف كانت زيارتك إلى {venue}؟',
    heading: 'كيف كانت {venue}؟',
    intro:
      'شكراً لزيارتك. يساعد تقييمك الزوار الآخرين على الاختيار: امنح من نجمة إلى 5 نجوم، وإن شئت بضع كلمات بالعربية أو الإنجليزية. لا يقيّم إلا الزوار الذين سُجّل حضورهم، مرة واحدة لكل زيارة.',
    button: 'اكتب تقييمك',
    window: 'يعمل الرابط لمدة {days} يوماً بعد زيارتك.',
    labels: { venue: 'المنشأة', pass: 'التذكرة', date: 'تاريخ الزيارة' },
  },
} as const

export interface ReviewInviteProps {
  language: Language
  venueName: string
  passName: string
  date: string
  reviewUrl: string
}

export function ReviewInvite(props: ReviewInviteProps) {
  const text = copy[props.language]
  const heading = fill(text.heading, { venue: props.venueName })
  return (
    <MailLayout language={props.language} preview={heading}>
      <Text style={headingStyle}>{heading}</Text>
      <Text style={textStyle}>{text.intro}</Text>
      <DetailsTable
        rows={[
          [text.labels.venue, props.venueName],
          [text.labels.pass, props.passName],
          [text.labels.date, props.date],
        ]}
      />
      <ActionButton href={props.reviewUrl} label={text.button} />
      <Text style={noteStyle}>{fill(text.window, { days: String(reviewWindowDays) })}</Text>
    </MailLayout>
  )
}

/**
 * Sent only while it still asks for something: a visit cancelled, already reviewed or past the
 * review window by the time the mail is due is dropped.
 */
export const renderReviewInvite: MailRenderer<'review-invite'> = async (
  { bookingId },
  { db, language, links, now, rendered },
) => {
  const visit = await findVisitForReview(db, bookingId)
  if (!visit || reviewRefusal(visit)) throw new MailNoLongerDue('visit not reviewable')
  if (await findPartyReview(db, visit.party)) throw new MailNoLongerDue('visit already reviewed')
  if (!withinReviewWindow(visit.booking_date, now)) throw new MailNoLongerDue('review window over')
  const ar = language === 'ar'
  const venueName = ar ? visit.venue_name_ar : visit.venue_name
  const element = (
    <ReviewInvite
      language={language}
      venueName={venueName}
      passName={ar ? visit.pass_short_ar : visit.pass_short_en}
      date={formatDisplayDate(visit.booking_date)}
      reviewUrl={reviewUrl(links.siteUrl, reviewToken(links.secret, bookingId))}
    />
  )
  return { subject: fill(copy[language].subject, { venue: venueName }), ...(await rendered(element)) }
}
