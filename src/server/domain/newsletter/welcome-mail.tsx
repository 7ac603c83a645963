import type { Language } from '../../../shared/i18n.ts'
import { headingStyle, MailLayout, textStyle } from '../../platform/mail/templates/layout.tsx'
import { Button, Link, Text } from '../../platform/mail/templates/parts.ts'
import type { MailRenderer } from '../../platform/mail/templates/render.tsx'

const copy = {
  en: {
    subject: 'Welcome to the DayPass Bahrain newsletter',
    heading: 'Thank you for subscribing!',
    body: "You'll be the first to know about new gyms and exclusive offers. We write about once a month: new venues, holiday prices and the odd free pass.",
    cta: 'Browse gyms & classes',
    unsubscribe: 'Not for you? Reply to this e-mail and we will take you off the list.',
    unsubscribeLink: 'Not for you? Unsubscribe here.',
  },
  ar: {
    subject: 'مرحباً بك في نشرة داي باس البحرين',
    heading: 'شكراً لاشتراكك!',
    body: 'ستكون أول من يعرف عن النوادي الجديدة والعروض الحصرية. نكتب نحو مرة في الشهر: منشآت جديدة وأسعار العطلات وتذاكر مجانية أحياناً.',
    cta: 'تصفّح النوادي والحصص',
    unsubscribe: 'لا تناسبك الرسائل؟ ردّ على هذه الرسالة وسنزيلك من القائمة.',
    unsubscribeLink: 'لا تناسبك الرسائل؟ ألغِ اشتراكك من هنا.',
  },
}

export interface NewsletterWelcomePayload {
  siteUrl: string
  /** Absent in mails queued before unsubscribe links existed: those ask for a reply instead. */
  unsubscribeUrl?: string
}

declare module '../../platform/mail/outbox.ts' {
  interface MailPayloads {
    'newsletter-welcome': NewsletterWelcomePayload
  }
}

export function newsletterWelcomeSubject(language: Language) {
  return copy[language].subject
}

export function NewsletterWelcome({
  language,
  siteUrl,
  unsubscribeUrl,
}: NewsletterWelcomePayload & { language: Language }) {
  const text = copy[language]
  return (
    <MailLayout language={language} preview={text.heading}>
      <Text style={headingStyle}>{text.heading}</Text>
      <Text style={textStyle}>{text.body}</Text>
      <Button
        href={`${siteUrl}/gyms`}
        style={{
          backgroundColor: '#ce1126',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 999,
          fontWeight: 600,
        }}
      >
        {text.cta}
      </Button>
      <Text style={{ ...textStyle, color: '#52615f', fontSize: 13, marginTop: 24 }}>
        {unsubscribeUrl ? (
          <Link href={unsubscribeUrl} style={{ color: '#52615f', textDecoration: 'underline' }}>
            {text.unsubscribeLink}
          </Link>
        ) : (
          text.unsubscribe
        )}
      </Text>
    </MailLayout>
  )
}

export const renderNewsletterWelcome: MailRenderer<'newsletter-welcome'> = async (
  props,
  { language, rendered },
) => {
  const element = <NewsletterWelcome language={language} {...props} />
  return {
    subject: newsletterWelcomeSubject(language),
    ...(await rendered(element)),
    // One-click unsubscribe from the mail client (RFC 8058): a POST to the link, no cookie.
    headers: props.unsubscribeUrl
      ? {
          'List-Unsubscribe': `<${props.unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : undefined,
  }
}
