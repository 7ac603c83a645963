import type { Language } from '../../../shared/i18n.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { ActionButton, headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { venueNames } from './repository.ts'

export interface StaffVenueAddedPayload {
  venueId: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'staff-venue-added': StaffVenueAddedPayload
  }
}

const copy = {
  en: {
    subject: 'You now work at {venue} on DayPass Bahrain',
    heading: '{venue} is on your desk',
    body: 'You were invited to check visitors in at {venue}. Your DayPass Bahrain account now acts for this venue: sign in as usual and choose it at the bookings desk.',
    cta: 'Open the desk',
  },
  ar: {
    subject: 'أصبحت تعمل في {venue} على داي باس البحرين',
    heading: 'أُضيفت {venue} إلى مكتبك',
    body: 'دُعيت لتسجيل وصول الزوار في {venue}. أصبح حسابك في داي باس البحرين يعمل لهذه المنشأة: سجّل الدخول كالمعتاد واخترها في مكتب الحجوزات.',
    cta: 'افتح المكتب',
  },
} satisfies Record<Language, Record<string, string>>

export function StaffVenueAdded({
  language,
  venue,
  url,
}: {
  language: Language
  venue: string
  url: string
}) {
  const text = copy[language]
  return (
    <MailLayout language={language} preview={fill(text.body, { venue })}>
      <Text style={headingStyle}>{fill(text.heading, { venue })}</Text>
      <Text style={textStyle}>{fill(text.body, { venue })}</Text>
      <ActionButton href={url} label={text.cta} spelled={false} />
    </MailLayout>
  )
}

/** To an existing account an invitation added a venue to: which venue, and the desk's link. */
export const renderStaffVenueAdded: MailRenderer<'staff-venue-added'> = async (
  { venueId },
  { db, language, links, rendered },
) => {
  const venue = await venueNames(db, venueId)
  if (!venue) throw new MailNoLongerDue('venue removed')
  const url = `${links.siteUrl.replace(/\/$/, '')}${pagePath('desk')}?venue=${encodeURIComponent(venueId)}`
  const name = (language === 'ar' && venue.name_ar) || venue.name_en
  return {
    subject: fill(copy[language].subject, { venue: name }),
    ...(await rendered(<StaffVenueAdded language={language} venue={name} url={url} />)),
  }
}
