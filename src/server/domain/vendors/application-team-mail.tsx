import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import { type ApplicationDetail, applicationReference } from '../../../shared/vendor-application.ts'
import {
  ActionButton,
  DetailsTable,
  headingStyle,
  MailLayout,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { findApplication } from './repository.ts'

export interface VendorApplicationTeamPayload {
  applicationId: number
  /** The team's review list. */
  reviewUrl: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'vendor-application-team': VendorApplicationTeamPayload
  }
}

export function vendorApplicationTeamSubject(application: ApplicationDetail) {
  return `New venue application: ${application.venueName} (${applicationReference(application.id)})`
}

/** The team's notice of a new application, with everything it holds (in English, the team's language). */
export function VendorApplicationTeam({
  application: a,
  reviewUrl,
}: {
  application: ApplicationDetail
  reviewUrl: string
}) {
  const facilities = a.facilityOptions
    .map((option) =>
      option === 'Other' && a.otherFacilityOption ? `Other: ${a.otherFacilityOption}` : option,
    )
    .join(', ')
  const rows: [string, string][] = [
    ['Reference', applicationReference(a.id)],
    ['Venue', a.venueName],
    ['Venue email', a.venueEmail],
    ['Contact', `${a.contactFirstName} ${a.contactLastName}`],
    ['Venue type', a.venueType],
    ['Facility', a.facilityItem],
    ['Facility options', facilities || 'None'],
    ['Day passes', a.dayPasses.map((pass) => `${pass.label}: ${pass.price}`).join('\n') || 'None'],
    ['Available', `${formatDisplayDate(a.availableStartDate)} to ${formatDisplayDate(a.availableEndDate)}`],
    ['Hours', `${a.startTime} - ${a.endTime}`],
    ['Location', [a.area, a.city, a.country].join(', ')],
    ['Language', a.language === 'ar' ? 'Arabic' : 'English'],
  ]
  return (
    <MailLayout language="en" preview={`${a.venueName} applied to be listed`}>
      <Text style={headingStyle}>New venue application</Text>
      <Text style={textStyle}>
        {a.venueName} applied to be listed. It is pending review; reply to this e-mail to write to the venue.
      </Text>
      <DetailsTable rows={rows} />
      <ActionButton href={reviewUrl} label={'Open the applications'} spelled={false} />
    </MailLayout>
  )
}

export const renderVendorApplicationTeam: MailRenderer<'vendor-application-team'> = async (
  { applicationId, reviewUrl },
  { db, rendered },
) => {
  const application = await findApplication(db, applicationId)
  if (!application) throw new Error('The application of this mail no longer exists')
  const element = <VendorApplicationTeam application={application} reviewUrl={reviewUrl} />
  return {
    subject: vendorApplicationTeamSubject(application),
    ...(await rendered(element)),
    // The team answers the venue by replying.
    replyTo: application.venueEmail,
  }
}
