import { formatDisplayDate } from '../../../shared/bahrain-time.ts'
import { countryName } from '../../../shared/countries.ts'
import { facilityNames } from '../../../shared/facilities.ts'
import { formatPhone } from '../../../shared/normalise/phone.ts'
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

/** "Kids’ pass (Kids): BD 3.000, weekends BD 4.000". */
function passLine(pass: ApplicationDetail['dayPasses'][number]) {
  const weekend = pass.weekendPrice ? `, weekends ${pass.weekendPrice}` : ''
  return `${pass.label} (${pass.passType}): ${pass.price}${weekend}`
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
  const facilities = [...facilityNames(a.facilities, 'en'), ...(a.otherFacility ? [a.otherFacility] : [])]
  const rows: [string, string][] = [
    ['Reference', applicationReference(a.id)],
    ['Venue (English)', a.venueNameEn || '—'],
    ['Venue (Arabic)', a.venueNameAr || '—'],
    ['Venue email', a.venueEmail],
    ['Contact', `${a.contactFirstName} ${a.contactLastName}`],
    ['Contact phone', a.contactPhone ? formatPhone(a.contactPhone) : '—'],
    ['Venue type', a.venueType],
    ['Facilities', facilities.join(', ') || 'None'],
    ['Day passes', a.dayPasses.map(passLine).join('\n') || 'None'],
    [
      'Available',
      a.availableEndDate
        ? `${formatDisplayDate(a.availableStartDate)} to ${formatDisplayDate(a.availableEndDate)}`
        : `From ${formatDisplayDate(a.availableStartDate)}, ongoing`,
    ],
    ['Hours', `${a.startTime} - ${a.endTime}`],
    ['Location', [a.area.name.en, a.city, countryName(a.country, 'en')].join(', ')],
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
