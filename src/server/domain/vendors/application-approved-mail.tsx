import type { Language } from '../../../shared/i18n.ts'
import { applicationReference } from '../../../shared/vendor-application.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { DetailsTable, SupportNote } from '../../platform/mail/templates/layout.tsx'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { ApplicantMailFrame } from './applicant-mail-frame.tsx'

export interface VendorApplicationApprovedPayload {
  applicationId: number
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'vendor-application-approved': VendorApplicationApprovedPayload
  }
}

/** Fixed words and the reference only, like the confirmation: the address was never verified. */
const copy = {
  en: {
    subject: 'Your application is approved - {reference}',
    heading: 'Welcome to DayPass Bahrain',
    body: 'Good news: we have approved your application to list your venue on DayPass Bahrain. Our team is now preparing your listing from the details you sent, and will write to this address when it goes live.',
    reference: 'Reference',
    support: 'Something to add or correct? Write to us at {email} and quote your reference.',
  },
  ar: {
    subject: 'تمت الموافقة على طلبك - {reference}',
    heading: 'أهلاً بك في داي باس البحرين',
    body: 'يسعدنا إبلاغك بالموافقة على طلب إدراج منشأتك في داي باس البحرين. يعمل فريقنا الآن على إعداد صفحة منشأتك من التفاصيل التي أرسلتها، وسنراسلك على هذا العنوان عند نشرها.',
    reference: 'رقم الطلب',
    support: 'هل تريد إضافة شيء أو تصحيحه؟ راسلنا على {email} واذكر رقم طلبك.',
  },
} satisfies Record<Language, Record<string, string>>

export function vendorApplicationApprovedSubject(language: Language, applicationId: number) {
  return fill(copy[language].subject, { reference: applicationReference(applicationId) })
}

/** To the applicant, in the language they applied in: approved, and the team is preparing the listing. */
export function VendorApplicationApproved({
  language,
  applicationId,
}: {
  language: Language
  applicationId: number
}) {
  const text = copy[language]
  return (
    <ApplicantMailFrame language={language} heading={text.heading} body={text.body}>
      <DetailsTable rows={[[text.reference, applicationReference(applicationId)]]} />
      <SupportNote text={text.support} />
    </ApplicantMailFrame>
  )
}

export const renderVendorApplicationApproved: MailRenderer<'vendor-application-approved'> = async (
  { applicationId },
  { language, rendered },
) => {
  const element = <VendorApplicationApproved language={language} applicationId={applicationId} />
  return {
    subject: vendorApplicationApprovedSubject(language, applicationId),
    ...(await rendered(element)),
  }
}
