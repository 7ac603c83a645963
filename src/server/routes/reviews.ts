import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { reviewEndpoints } from '../../shared/endpoints/reviews.ts'
import { reviewRateLimits } from '../domain/reviews/rate-limits.ts'
import { openReviewInvite, type ReviewDeps, submitReview } from '../domain/reviews/service.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

/**
 * A visit's review through the signed link of its invitation mail (docs/catalog.md, "Reviews"):
 * what is to be reviewed, and the review itself, once.
 */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
  })
  const limits = reviewRateLimits(app)

  app.route({
    ...fromEndpoint(reviewEndpoints.invite, {
      onRequest: limits.link,
      schema: { tags: ['reviews'], summary: 'The visit a review link names, and its review once written' },
    }),
    handler: async (request) => openReviewInvite(deps, request.params.token),
  })

  app.route({
    ...fromEndpoint(reviewEndpoints.submit, {
      onRequest: [limits.submitPerIp, limits.submitPerVisit, limits.submitPerAccount],
      schema: {
        tags: ['reviews'],
        summary:
          "Reviews a checked-in visit, once: 1 to 5 stars and optional text; an account's visit needs that account signed in",
      },
    }),
    handler: async (request, reply) => {
      const review = await submitReview(deps, await request.caller, request.params.token, request.body)
      return reply.code(201).send(review)
    },
  })
}
