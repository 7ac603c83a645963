import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import type { Language } from '../../../shared/i18n.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  DetailsTable,
  headingStyle,
  MailLayout,
  noteStyle,
  textStyle,
  useMailContact,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { reviewWithVenue } from './repository.ts'

/** Queued when the team hides a review (service.ts): the reviewer is told why. */
export interface ReviewHiddenPayload {
  bookingId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'review-hidden': ReviewHiddenPayload
  }
}

const copy = {
  en: {
    subject: 'Your review of {venue} is no longer shown',
    heading: 'Your review is no longer shown',
    intro:
      'Our team has hidden your review of {venue}: it no longer appears on the venue page or in its rating. The reason they gave:',
    labels: { venue: 'Venue', date: 'Visit date', stars: 'Your stars' },
    support: 'If you think this is a mistake, write to us at {email}.',
  },
  ar: {
    subject: 'لم يعد تقييمك لـ {venue} معروضاً',
    heading: 'لم يعد تقييمك معروضاً',
    intro:
      'أخفى فريقنا تقييمك لـ {venue}: لم يعد يظهر في صفحة المنشأة ولا في تقييمها. السبب الذي ذكره الفريق:',
    labels: { venue: 'المنشأة', date: 'تاريخ الزيارة', stars: 'نجومك' },
    support: 'إذا كنت ترى أن هذا خطأ، راسلنا على {email}.',
  },
} as const

export interface ReviewHiddenProps {
  language: Language
  venueName: string
  date: string
  stars: number
  reason: string
}

export function ReviewHidden(props: ReviewHiddenProps) {
  const text = copy[props.language]
  return (
    <MailLayout language={props.language} preview={text.heading}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{fill(text.intro, { venue: props.venueName })}</Text>
      <Text style={{ ...textStyle, fontStyle: 'italic' }}>{props.reason}</Text>
      <DetailsTable
        rows={[
          [text.labels.venue, props.venueName],
          [text.labels.date, props.date],
          [text.labels.stars, `${props.stars}/5`],
        ]}
      />
      <Text style={noteStyle}>{fill(text.support, { email: useMailContact().email })}</Text>
    </MailLayout>
  )
}

export const renderReviewHidden: MailRenderer<'review-hidden'> = async (
  { bookingId },
  { db, language, rendered },
) => {
  const review = await reviewWithVenue(db, bookingId)
  // Gone with its reviewer's account since: nobody left to tell.
  if (!review?.hidden_reason) throw new MailNoLongerDue('review gone')
  const venueName = language === 'ar' ? review.venue_ar : review.venue_en
  const element = (
    <ReviewHidden
      language={language}
      venueName={venueName}
      date={formatDisplayDate(review.visit_date)}
      stars={review.stars}
      reason={review.hidden_reason}
    />
  )
  return { subject: fill(copy[language].subject, { venue: venueName }), ...(await rendered(element)) }
}
