import type { Language } from '../../../shared/i18n.ts'
import {
  ActionButton,
  headingStyle,
  MailLayout,
  noteStyle,
  textStyle,
} from '../../platform/mail/templates/layout.tsx'
import { Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'

/** The two account mails: each carries one link that does one thing and expires. */
const copy = {
  'account-activation': {
    en: {
      subject: 'Activate your DayPass Bahrain account',
      // No name: the mail goes to an address nobody has verified yet, so nothing typed into the
      // form may travel in it (a "name" can be a phishing line).
      heading: 'Welcome to DayPass Bahrain!',
      body: 'Please confirm your e-mail address to activate your account. The activation link will expire in 24 hours.',
      cta: 'Activate my account',
      ignore: 'If you did not create an account, you can ignore this e-mail.',
    },
    ar: {
      subject: 'فعّل حسابك في داي باس البحرين',
      heading: 'أهلاً بك في داي باس البحرين!',
      body: 'يرجى تأكيد بريدك الإلكتروني لتفعيل حسابك. تنتهي صلاحية رابط التفعيل خلال 24 ساعة.',
      cta: 'فعّل حسابي',
      ignore: 'إن لم تنشئ حساباً، يمكنك تجاهل هذه الرسالة.',
    },
  },
  'password-reset': {
    en: {
      subject: 'Reset your DayPass Bahrain password',
      heading: 'Reset your password',
      body: 'We received a request to reset the password of your account. The link works once and expires in 1 hour.',
      cta: 'Choose a new password',
      ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    ar: {
      subject: 'إعادة تعيين كلمة مرور داي باس البحرين',
      heading: 'أعد تعيين كلمة المرور',
      body: 'تلقينا طلباً لإعادة تعيين كلمة مرور حسابك. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال ساعة.',
      cta: 'اختر كلمة مرور جديدة',
      ignore: 'إن لم تطلب ذلك، فتجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    },
  },
} as const

export type AccountLinkTemplate = keyof typeof copy

export interface AccountLinkPayload {
  url: string
  /** The account's name as given at sign-up. Not shown (see the activation heading). */
  name: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'account-activation': AccountLinkPayload
    'password-reset': AccountLinkPayload
  }
}

export function accountLinkSubject(template: AccountLinkTemplate, language: Language) {
  return copy[template][language].subject
}

export function AccountLink({
  template,
  language,
  url,
}: AccountLinkPayload & { template: AccountLinkTemplate; language: Language }) {
  const text = copy[template][language]
  return (
    <MailLayout language={language} preview={text.body}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{text.body}</Text>
      <ActionButton href={url} label={text.cta} />
      <Text style={noteStyle}>{text.ignore}</Text>
    </MailLayout>
  )
}

/** The renderer of one of the two account mails. */
export function renderAccountLink(template: AccountLinkTemplate): MailRenderer<AccountLinkTemplate> {
  return async (payload, { language, rendered }) => {
    const element = <AccountLink template={template} language={language} {...payload} />
    return {
      subject: accountLinkSubject(template, language),
      ...(await rendered(element)),
    }
  }
}
