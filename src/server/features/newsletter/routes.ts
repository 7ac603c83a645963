import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { newsletterRequestSchema } from '../../../shared/newsletter.ts'
import type { Database } from '../../db/database.ts'
import { HttpError } from '../../plugins/errors.ts'

const uniqueViolation = '23505'

export const newsletterRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        body: newsletterRequestSchema,
        response: { 201: z.object({ subscribed: z.literal(true) }) },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      try {
        await db
          .insertInto('newsletter_subscriptions')
          .values({ email: request.body.email, language: request.body.language ?? 'en' })
          .execute()
      } catch (error) {
        if ((error as { code?: string }).code === uniqueViolation) {
          throw new HttpError(409, 'ALREADY_SUBSCRIBED', 'This email is already subscribed', {
            email: 'This email is already subscribed',
          })
        }
        throw error
      }
      return reply.code(201).send({ subscribed: true })
    },
  )
}
