import { Text } from '@react-email/components'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Language } from '../../../../shared/i18n.ts'
import {
  type ApplicationDetail,
  applicationReference,
  type DayPassOption,
  type VenueType,
} from '../../../../shared/vendor-application.ts'
import { DetailsTable, headingStyle, MailLayout, supportEmail, textStyle } from './layout.tsx'

export interface VendorApplicationPayload {
  applicationId: number
}

const copy = {
  en: {
    subject: 'We received your application - {venue}',
    heading: 'Thank you, {name}',
    body: 'We have received the application to list {venue} on DayPass Bahrain. Our team reviews every application and will reply to this e-mail address to set up your listing.',
    summary: 'What you sent us',
    labels: {
      reference: 'Reference',
      venue: 'Venue',
      venueType: 'Venue type',
      passes: 'Day passes',
      dates: 'Available',
      hours: 'Hours',
      location: 'Location',
    },
    noPasses: 'None given',
    venueTypes: { Gym: 'Gym', Hotel: 'Hotel', 'Fitness Center': 'Fitness Center' },
    passes: {
      poolOnly: 'Pool only',
      gymOnly: 'Gym only',
      poolGym: 'Pool & gym',
      saunaSteam: 'Sauna & steam',
      allInclusive: 'All inclusive',
      beachAccess: 'Beach access',
      poolAccess: 'Pool access',
    },
    to: 'to',
    support: 'Something to add or correct? Write to us at {email} and quote your reference.',
  },
  ar: {
    subject: 'تلقّينا طلبك - {venue}',
    heading: 'شكراً لك يا {name}',
    body: 'تلقّينا طلب إدراج {venue} في داي باس البحرين. يراجع فريقنا كل طلب، وسنرد على عنوان البريد هذا لإعداد صفحة منشأتك.',
    summary: 'ما أرسلته إلينا',
    labels: {
      reference: 'رقم الطلب',
      venue: 'المنشأة',
      venueType: 'نوع المنشأة',
      passes: 'التذاكر اليومية',
      dates: 'الإتاحة',
      hours: 'الساعات',
      location: 'الموقع',
    },
    noPasses: 'لم تُذكر',
    venueTypes: { Gym: 'نادٍ رياضي', Hotel: 'فندق', 'Fitness Center': 'مركز لياقة' },
    passes: {
      poolOnly: 'المسبح فقط',
      gymOnly: 'النادي الرياضي فقط',
      poolGym: 'المسبح والنادي الرياضي',
      saunaSteam: 'الساونا وغرفة البخار',
      allInclusive: 'شاملة كل المرافق',
      beachAccess: 'دخول الشاطئ',
      poolAccess: 'دخول المسبح',
    },
    to: 'إلى',
    support: 'هل تريد إضافة شيء أو تصحيحه؟ راسلنا على {email} واذكر رقم طلبك.',
  },
} satisfies Record<
  Language,
  { venueTypes: Record<VenueType, string>; passes: Record<DayPassOption, string>; [key: string]: unknown }
>

export function vendorApplicationReceivedSubject(language: Language, venueName: string) {
  return copy[language].subject.replace('{venue}', venueName)
}

/** To the venue's address, in the applicant's language: received, and what happens next. */
export function VendorApplicationReceived({
  language,
  application,
}: {
  language: Language
  application: ApplicationDetail
}) {
  const text = copy[language]
  const passes = application.dayPasses.map(
    (pass) => `${pass.option === 'other' ? pass.label : text.passes[pass.option]}: ${pass.price}`,
  )
  const rows: [string, string][] = [
    [text.labels.reference, applicationReference(application.id)],
    [text.labels.venue, application.venueName],
    [text.labels.venueType, text.venueTypes[application.venueType]],
    [text.labels.passes, passes.length ? passes.join('\n') : text.noPasses],
    [
      text.labels.dates,
      `${formatDisplayDate(application.availableStartDate)} ${text.to} ${formatDisplayDate(application.availableEndDate)}`,
    ],
    [text.labels.hours, `${application.startTime} - ${application.endTime}`],
    [text.labels.location, [application.area, application.city, application.country].join(', ')],
  ]
  return (
    <MailLayout language={language} preview={text.body.replace('{venue}', application.venueName)}>
      <Text style={headingStyle}>{text.heading.replace('{name}', application.contactFirstName)}</Text>
      <Text style={textStyle}>{text.body.replace('{venue}', application.venueName)}</Text>
      <Text style={{ ...headingStyle, fontSize: 17, marginTop: 20 }}>{text.summary}</Text>
      <DetailsTable rows={rows} />
      <Text style={{ ...textStyle, fontSize: 14, color: '#52615f', marginTop: 20 }}>
        {text.support.replace('{email}', supportEmail)}
      </Text>
    </MailLayout>
  )
}
