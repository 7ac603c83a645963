import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { newsletterEndpoints } from '../../shared/endpoints/newsletter.ts'
import type { Language } from '../../shared/i18n.ts'
import { isUnsubscribeTokenOf, subscriptionIdOf } from '../domain/newsletter/unsubscribe-token.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

const unsubscribePath = newsletterEndpoints.unsubscribePage.path

const copy = {
  en: {
    title: 'Unsubscribe from the newsletter',
    question: 'Stop sending the DayPass Bahrain newsletter to this address?',
    button: 'Unsubscribe',
    done: 'You are unsubscribed. We will not send you the newsletter again.',
    invalid: 'This unsubscribe link is not valid, or the address is already unsubscribed.',
    home: 'Back to DayPass Bahrain',
  },
  ar: {
    title: 'إلغاء الاشتراك في النشرة',
    question: 'هل تريد إيقاف إرسال نشرة داي باس البحرين إلى هذا العنوان؟',
    button: 'إلغاء الاشتراك',
    done: 'تم إلغاء اشتراكك. لن نرسل إليك النشرة بعد الآن.',
    invalid: 'رابط إلغاء الاشتراك هذا غير صالح، أو أن العنوان ألغي اشتراكه من قبل.',
    home: 'العودة إلى داي باس البحرين',
  },
} as const

/** A minimal page of our own, served by the API: the link works without the web app's build. */
function page(
  reply: FastifyReply,
  status: number,
  language: Language | 'both',
  body: (l: Language) => string,
) {
  const languages: Language[] = language === 'both' ? ['en', 'ar'] : [language]
  const sections = languages
    .map(
      (l) =>
        `<main lang="${l}" dir="${l === 'ar' ? 'rtl' : 'ltr'}"><h1>${copy[l].title}</h1>${body(l)}</main>`,
    )
    .join('<hr>')
  const lang = language === 'ar' ? 'ar' : 'en'
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${copy[lang].title}</title></head><body>${sections}</body></html>`,
    )
}

const homeLink = (l: Language) => `<p><a href="/">${copy[l].home}</a></p>`

/**
 * The newsletter's unsubscribe link (RFC 8058). GET shows a confirmation page, so a mail scanner
 * that follows links unsubscribes nobody; POST unsubscribes: the page's button, or the mail
 * client's one-click `List-Unsubscribe=One-Click`, with no cookie. The signed token is the only
 * authority, which is why the path is outside /api and its same-origin check.
 */
export const unsubscribeRoutes: FastifyPluginAsync<{ db: Database; secret: string }> = async (
  app,
  { db, secret },
) => {
  // Mail clients post a form (RFC 8058 section 3.1) whose one field says nothing the URL does not:
  // any body of any type is read (up to a small size) and ignored.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  )

  async function subscriptionOf(token: unknown) {
    const id = typeof token === 'string' ? subscriptionIdOf(token) : undefined
    if (id === undefined) return undefined
    const row = await db
      .selectFrom('newsletter_subscriptions')
      .select(['id', 'email', 'language'])
      .where('id', '=', id)
      .executeTakeFirst()
    return row && isUnsubscribeTokenOf(secret, String(token), row) ? row : undefined
  }
  const languageOf = (value: string): Language => (value === 'ar' ? 'ar' : 'en')
  const invalid = (reply: FastifyReply) =>
    page(reply, 404, 'both', (l) => `<p>${copy[l].invalid}</p>${homeLink(l)}`)

  app.route({
    ...fromEndpoint(newsletterEndpoints.unsubscribePage, { schema: { hide: true } }),
    handler: async (request, reply) => {
      const token = (request.query as { token?: unknown }).token
      const subscription = await subscriptionOf(token)
      if (!subscription) return invalid(reply)
      // The token matched its pattern (digits, '.', base64url), so it is safe inside the attribute.
      const action = `${unsubscribePath}?token=${String(token)}`
      return page(
        reply,
        200,
        languageOf(subscription.language),
        (l) =>
          `<p>${copy[l].question}</p><form method="post" action="${action}">` +
          `<button type="submit">${copy[l].button}</button></form>${homeLink(l)}`,
      )
    },
  })

  app.route({
    ...fromEndpoint(newsletterEndpoints.unsubscribe, { schema: { hide: true } }),
    handler: async (request, reply) => {
      const subscription = await subscriptionOf((request.query as { token?: unknown }).token)
      if (!subscription) return invalid(reply)
      await db.deleteFrom('newsletter_subscriptions').where('id', '=', subscription.id).execute()
      return page(
        reply,
        200,
        languageOf(subscription.language),
        (l) => `<p>${copy[l].done}</p>${homeLink(l)}`,
      )
    },
  })
}
