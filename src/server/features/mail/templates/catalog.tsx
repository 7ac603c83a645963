import { render } from '@react-email/render'
import type { Language } from '../../../../shared/i18n.ts'
import { AccountLink, type AccountLinkPayload, accountLinkSubject } from './account-link.tsx'
import {
  NewsletterWelcome,
  type NewsletterWelcomePayload,
  newsletterWelcomeSubject,
} from './newsletter-welcome.tsx'

/** Every mail the product sends, with the data each needs. Features add theirs here. */
export interface MailTemplatePayloads {
  'newsletter-welcome': NewsletterWelcomePayload
  'account-activation': AccountLinkPayload
  'password-reset': AccountLinkPayload
}
export type MailTemplateName = keyof MailTemplatePayloads

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** Renders a queued mail to its subject and its HTML and plain-text parts. */
export async function renderMail(
  template: string,
  language: Language,
  payload: unknown,
): Promise<RenderedMail> {
  switch (template) {
    case 'newsletter-welcome': {
      const element = <NewsletterWelcome language={language} {...(payload as NewsletterWelcomePayload)} />
      return {
        subject: newsletterWelcomeSubject(language),
        html: await render(element),
        text: await render(element, { plainText: true }),
      }
    }
    case 'account-activation':
    case 'password-reset': {
      const element = (
        <AccountLink template={template} language={language} {...(payload as AccountLinkPayload)} />
      )
      return {
        subject: accountLinkSubject(template, language),
        html: await render(element),
        text: await render(element, { plainText: true }),
      }
    }
    default:
      throw new Error(`Unknown mail template "${template}"`)
  }
}
