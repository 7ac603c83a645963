import type { Language } from '../../../shared/i18n.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import { applicationReference } from '../../../shared/vendor-application.ts'
import { MailNoLongerDue } from '../../platform/mail/no-longer-due.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { ActionButton, asideStyle, DetailsTable, SupportNote } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { ApplicantMailFrame } from './applicant-mail-frame.tsx'
import { applicationStatusUrl } from './application-status.ts'
import { venueOfApplication } from './repository.ts'

export interface VenuePublishedPayload {
  applicationId: number
  /** The venue's id when it was published; the mail finds the venue by its application. */
  venueId: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'venue-published': VenuePublishedPayload
  }
}

/** The venue's name is the team's, as visitors see it; nothing the applicant typed travels here. */
const copy = {
  en: {
    subject: '{venue} is live on DayPass Bahrain - {reference}',
    heading: 'Your venue is live',
    body: '{venue} is now published on DayPass Bahrain: visitors can find it and book day passes. This is its public page:',
    cta: 'See the venue’s page',
    reference: 'Reference',
    status: 'Your application’s page: {url}',
    support: 'Something to change? Write to us at {email} and quote your reference.',
  },
  ar: {
    subject: '{venue} متاحة الآن في داي باس البحرين - {reference}',
    heading: 'منشأتك متاحة الآن',
    body: 'نُشرت {venue} في داي باس البحرين: يستطيع الزوار إيجادها وحجز التذاكر اليومية. هذه صفحتها العامة:',
    cta: 'اعرض صفحة المنشأة',
    reference: 'رقم الطلب',
    status: 'صفحة طلبك: {url}',
    support: 'هل تريد تغيير شيء؟ راسلنا على {email} واذكر رقم طلبك.',
  },
} satisfies Record<Language, Record<string, string>>

export function VenuePublished({
  language,
  venue,
  reference,
  venueUrl,
  statusUrl,
}: {
  language: Language
  venue: string
  reference: string
  venueUrl: string
  statusUrl: string
}) {
  const text = copy[language]
  return (
    <ApplicantMailFrame language={language} heading={text.heading} body={fill(text.body, { venue })}>
      <ActionButton href={venueUrl} label={text.cta} />
      <DetailsTable rows={[[text.reference, reference]]} />
      <Text style={{ ...asideStyle, marginTop: 20, wordBreak: 'break-all' }}>
        {fill(text.status, { url: statusUrl })}
      </Text>
      {/* The status line above is as grey and already sets the two apart from the table. */}
      <SupportNote text={text.support} spaced={false} />
    </ApplicantMailFrame>
  )
}

/** To the applicant, in the language they applied in, when the venue made from their application is published. */
export const renderVenuePublished: MailRenderer<'venue-published'> = async (
  { applicationId },
  { db, language, links, rendered },
) => {
  const venue = await venueOfApplication(db, applicationId)
  if (!venue) throw new MailNoLongerDue('venue gone')
  const site = links.siteUrl.replace(/\/$/, '')
  const name = (language === 'ar' && venue.name_ar) || venue.name_en
  const reference = applicationReference(applicationId)
  const element = (
    <VenuePublished
      language={language}
      venue={name}
      reference={reference}
      venueUrl={`${site}${pagePath('gym', { id: venue.slug })}`}
      statusUrl={applicationStatusUrl(site, links.secret, applicationId)}
    />
  )
  return { subject: fill(copy[language].subject, { venue: name, reference }), ...(await rendered(element)) }
}
