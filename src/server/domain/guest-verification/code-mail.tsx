import { otpValidMinutes } from '../../../shared/checkout.ts'
import type { Language } from '../../../shared/i18n.ts'
import { fill } from '../../platform/mail/templates/fill.ts'
import { headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'

/**
 * The guest's one-time code. The code is in the body only: subjects and previews show on lock
 * screens and in notifications.
 */
const copy = {
  en: {
    subject: 'Your DayPass Bahrain verification code',
    heading: 'Your verification code',
    /** By the plural form of the minutes (Intl.PluralRules), as the site's own texts are. */
    body: {
      one: 'Enter this code on the checkout page to confirm your e-mail address. It works once and expires in {minutes} minute.',
      other:
        'Enter this code on the checkout page to confirm your e-mail address. It works once and expires in {minutes} minutes.',
    },
    ignore: 'If you did not ask for this code, you can ignore this e-mail.',
  },
  ar: {
    subject: 'رمز التحقق من داي باس البحرين',
    heading: 'رمز التحقق الخاص بك',
    body: {
      one: 'أدخل هذا الرمز في صفحة الدفع لتأكيد بريدك الإلكتروني. يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال دقيقة واحدة.',
      two: 'أدخل هذا الرمز في صفحة الدفع لتأكيد بريدك الإلكتروني. يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال دقيقتين.',
      few: 'أدخل هذا الرمز في صفحة الدفع لتأكيد بريدك الإلكتروني. يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال {minutes} دقائق.',
      other:
        'أدخل هذا الرمز في صفحة الدفع لتأكيد بريدك الإلكتروني. يعمل الرمز مرة واحدة وتنتهي صلاحيته خلال {minutes} دقيقة.',
    },
    ignore: 'إن لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.',
  },
} as const

export interface GuestCodePayload {
  code: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'guest-verification-code': GuestCodePayload
  }
}

export function guestCodeSubject(language: Language) {
  return copy[language].subject
}

export function GuestCode({ language, code }: GuestCodePayload & { language: Language }) {
  const text = copy[language]
  const form = new Intl.PluralRules(language).select(otpValidMinutes)
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string } = text.body
  const body = fill(forms[form] ?? forms.other, { minutes: otpValidMinutes })
  return (
    <MailLayout language={language} preview={body}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{body}</Text>
      {/* Digits read left to right in Arabic too. */}
      <Text
        dir="ltr"
        style={{
          color: '#083b37',
          backgroundColor: '#f3ede1',
          borderRadius: 12,
          fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace",
          fontSize: 34,
          fontWeight: 700,
          letterSpacing: 8,
          padding: '14px 20px',
          textAlign: 'center',
          margin: '20px 0',
        }}
      >
        {code}
      </Text>
      <Text style={{ ...textStyle, fontSize: 13, color: '#52615f' }}>{text.ignore}</Text>
    </MailLayout>
  )
}

export const renderGuestCode: MailRenderer<'guest-verification-code'> = async (
  payload,
  { language, rendered },
) => {
  const element = <GuestCode language={language} {...payload} />
  return {
    subject: guestCodeSubject(language),
    ...(await rendered(element)),
  }
}
