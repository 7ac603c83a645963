import type { Language } from '../../../shared/i18n.ts'
import { applicationReference } from '../../../shared/vendor-application.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { DetailsTable, SupportNote, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'
import { ApplicantMailFrame } from './applicant-mail-frame.tsx'

export interface VendorApplicationDeclinedPayload {
  applicationId: number
  /** The team's reason, as they typed it. */
  reason: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'vendor-application-declined': VendorApplicationDeclinedPayload
  }
}

const copy = {
  en: {
    subject: 'About your application - {reference}',
    heading: 'We cannot list your venue for now',
    body: 'Thank you for your interest in DayPass Bahrain. We have reviewed your application and are not able to list your venue at this time.',
    reasonLabel: 'The reason our team gave:',
    reference: 'Reference',
    support: 'Questions, or something has changed? Write to us at {email} and quote your reference.',
  },
  ar: {
    subject: 'بخصوص طلبك - {reference}',
    heading: 'لا يمكننا إدراج منشأتك حالياً',
    body: 'شكراً لاهتمامك بداي باس البحرين. راجعنا طلبك، ولا يمكننا إدراج منشأتك في الوقت الحالي.',
    reasonLabel: 'السبب الذي ذكره فريقنا:',
    reference: 'رقم الطلب',
    support: 'لديك سؤال أو تغيّر شيء؟ راسلنا على {email} واذكر رقم طلبك.',
  },
} satisfies Record<Language, Record<string, string>>

export function vendorApplicationDeclinedSubject(language: Language, applicationId: number) {
  return fill(copy[language].subject, { reference: applicationReference(applicationId) })
}

/**
 * To the applicant, in the language they applied in, with the team's reason. The reason is a text
 * node of its own: React escapes it in the HTML, and it never goes through `fill`, so nothing the
 * team types is read as markup or as a placeholder. It is kept in the team's own words and language.
 */
export function VendorApplicationDeclined({
  language,
  applicationId,
  reason,
}: {
  language: Language
  applicationId: number
  reason: string
}) {
  const text = copy[language]
  return (
    <ApplicantMailFrame language={language} heading={text.heading} body={text.body}>
      <Text style={{ ...textStyle, fontWeight: 600, marginBottom: 4 }}>{text.reasonLabel}</Text>
      <Text
        dir="auto"
        style={{
          ...textStyle,
          whiteSpace: 'pre-line',
          backgroundColor: '#fbf8f2',
          borderRadius: 12,
          padding: '12px 16px',
          marginTop: 0,
        }}
      >
        {reason}
      </Text>
      <DetailsTable rows={[[text.reference, applicationReference(applicationId)]]} />
      <SupportNote text={text.support} />
    </ApplicantMailFrame>
  )
}

export const renderVendorApplicationDeclined: MailRenderer<'vendor-application-declined'> = async (
  { applicationId, reason },
  { language, rendered },
) => {
  const element = (
    <VendorApplicationDeclined language={language} applicationId={applicationId} reason={reason} />
  )
  return {
    subject: vendorApplicationDeclinedSubject(language, applicationId),
    ...(await rendered(element)),
  }
}
