import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { newsletterEndpoints } from '../../shared/endpoints/newsletter.ts'
import { unsubscribeToken, unsubscribeUrl } from '../domain/newsletter/unsubscribe-token.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { enqueueMail } from '../platform/mail/outbox.ts'

const uniqueViolation = '23505'

/** Subscriptions one client IP may ask for: each mails a welcome to the address given. */
export const newsletterRateLimit = { max: 10, timeWindow: 60_000 }

export const newsletterRoutes: FastifyPluginAsyncZod<{
  db: Database
  siteUrl: string
  secret: string
}> = async (app, { db, siteUrl, secret }) => {
  app.route({
    ...fromEndpoint(newsletterEndpoints.subscribe, {
      schema: { tags: ['newsletter'] },
      onRequest: limitBy(app, { ...newsletterRateLimit, name: 'ip', by: byClient }),
    }),
    handler: async (request, reply) => {
      const { email, language = 'en' } = request.body
      try {
        // The subscription and its welcome mail are written together, or not at all.
        await db.transaction().execute(async (trx) => {
          const subscription = await trx
            .insertInto('newsletter_subscriptions')
            .values({ email, language })
            .returning(['id', 'email'])
            .executeTakeFirstOrThrow()
          await enqueueMail(trx, {
            template: 'newsletter-welcome',
            to: email,
            language,
            payload: {
              siteUrl,
              unsubscribeUrl: unsubscribeUrl(siteUrl, unsubscribeToken(secret, subscription)),
            },
          })
        })
      } catch (error) {
        if ((error as { code?: string }).code === uniqueViolation) {
          throw new HttpError(409, 'ALREADY_SUBSCRIBED', { fields: { email: 'ALREADY_SUBSCRIBED' } })
        }
        throw error
      }
      return reply.code(201).send({ subscribed: true })
    },
  })
}
