import { render } from '@react-email/render'
import type { ReactElement } from 'react'
import type { Language } from '../../../../shared/i18n.ts'
import type { Database } from '../../db/database.ts'
import type { MailName, MailPayloads } from '../outbox.ts'
import { type MailContact, MailContactContext } from './layout.tsx'

export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
  /** Set for an image the HTML shows inline as `cid:<cid>`. */
  cid?: string
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
  replyTo?: string
  /** Extra header fields, e.g. the newsletter's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>
}

/** What links in mails point to (the site) and are signed with (AUTH_SECRET): tickets, manage links. */
export interface MailLinks {
  secret: string
  siteUrl: string
}

/** What a template renders a queued mail with, besides its payload. */
export interface MailRenderContext {
  db: Database
  /** The language the mail was queued in. */
  language: Language
  links: MailLinks
  /** The worker's clock: whether a reminder's visit has begun. */
  now: Date
  /** The template's element as the mail's HTML and plain-text parts, the team's contact in its footer. */
  rendered(element: ReactElement): Promise<{ html: string; text: string }>
}

export type MailRenderer<T extends MailName> = (
  payload: MailPayloads[T],
  context: MailRenderContext,
) => Promise<RenderedMail>

/**
 * Every mail's renderer by template name, and where the footer's contact details come from. The
 * app puts it together from the features' templates (src/server/mail-templates.ts).
 */
export interface MailTemplates {
  /** The team's contact details as set in the team's settings, in every mail's footer. */
  contact(db: Database): Promise<MailContact>
  renderers: { [T in MailName]: MailRenderer<T> }
}

/** Renders a queued mail to its subject and its HTML and plain-text parts. */
export async function renderMail(
  templates: MailTemplates,
  template: string,
  language: Language,
  payload: unknown,
  db: Database,
  links: MailLinks,
  /** The worker's clock: whether a reminder's visit has begun. */
  now: Date,
): Promise<RenderedMail> {
  const contact = await templates.contact(db)
  const rendered = async (element: ReactElement) => {
    const withContact = <MailContactContext.Provider value={contact}>{element}</MailContactContext.Provider>
    return { html: await render(withContact), text: await render(withContact, { plainText: true }) }
  }
  if (!Object.hasOwn(templates.renderers, template)) throw new Error(`Unknown mail template "${template}"`)
  // The payload is as the template's feature queued it (`enqueueMail` checks its type then).
  const renderer = templates.renderers[template as MailName] as MailRenderer<MailName>
  return renderer(payload as MailPayloads[MailName], { db, language, links, now, rendered })
}
