import type { Language } from '../../../shared/i18n.ts'
import { applicationReference } from '../../../shared/vendor-application.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import {
  ActionButton,
  DetailsTable,
  noteStyle,
  SupportNote,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { ApplicantMailFrame } from './applicant-mail-frame.tsx'
import { applicationStatusUrl } from './application-status.ts'

export interface VendorApplicationPayload {
  applicationId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'vendor-application-received': VendorApplicationPayload
  }
}

/**
 * Fixed words only: this mail goes to whatever address was typed into the open form, so anything
 * else the form holds (venue and contact names, an "other" pass or facility) would let anyone send
 * their own text from our domain to anyone: a phishing relay. The team's notice has the details.
 */
const copy = {
  en: {
    subject: 'We received your application - {reference}',
    heading: 'Thank you for applying',
    body: 'We have received an application to list a venue on DayPass Bahrain from this e-mail address. Our team reviews every application and will reply to this address to set up your listing.',
    reference: 'Reference',
    status: 'Follow your application: whether it is approved, and when your venue is live.',
    cta: 'See my application',
    support: 'Something to add or correct? Write to us at {email} and quote your reference.',
    ignore: 'If you did not apply, you can ignore this e-mail.',
  },
  ar: {
    subject: 'تلقّينا طلبك - {reference}',
    heading: 'شكراً لتقديم طلبك',
    body: 'تلقّينا من عنوان البريد هذا طلباً لإدراج منشأة في داي باس البحرين. يراجع فريقنا كل طلب، وسنرد على هذا العنوان لإعداد صفحة منشأتك.',
    reference: 'رقم الطلب',
    status: 'تابع طلبك: هل تمت الموافقة عليه، ومتى تصبح منشأتك متاحة.',
    cta: 'اعرض طلبي',
    support: 'هل تريد إضافة شيء أو تصحيحه؟ راسلنا على {email} واذكر رقم طلبك.',
    ignore: 'إن لم تقدّم طلباً، يمكنك تجاهل هذه الرسالة.',
  },
} satisfies Record<Language, Record<string, string>>

export function vendorApplicationReceivedSubject(language: Language, applicationId: number) {
  return fill(copy[language].subject, { reference: applicationReference(applicationId) })
}

/** To the address the applicant typed, in their language: received, its reference, what happens next. */
export function VendorApplicationReceived({
  language,
  applicationId,
  statusUrl,
}: {
  language: Language
  applicationId: number
  /** The signed link to the applicant's status page (application-status.ts). */
  statusUrl: string
}) {
  const text = copy[language]
  return (
    <ApplicantMailFrame language={language} heading={text.heading} body={text.body}>
      <DetailsTable rows={[[text.reference, applicationReference(applicationId)]]} />
      <Text style={textStyle}>{text.status}</Text>
      <ActionButton href={statusUrl} label={text.cta} />
      <SupportNote text={text.support} />
      <Text style={noteStyle}>{text.ignore}</Text>
    </ApplicantMailFrame>
  )
}

export const renderVendorApplicationReceived: MailRenderer<'vendor-application-received'> = async (
  { applicationId },
  { language, links, rendered },
) => {
  // Only the reference and our own link: nothing the applicant typed goes to an address nobody has verified.
  const statusUrl = applicationStatusUrl(links.siteUrl, links.secret, applicationId)
  const element = (
    <VendorApplicationReceived language={language} applicationId={applicationId} statusUrl={statusUrl} />
  )
  return {
    subject: vendorApplicationReceivedSubject(language, applicationId),
    ...(await rendered(element)),
  }
}
