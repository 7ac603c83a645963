import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { reviewEndpoints } from '../../../shared/endpoints/reviews.ts'
import { hideReview, type ReviewDeps, teamReviews } from '../../domain/reviews/service.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

/** The team's review moderation (canManageVenues): the latest reviews, and hiding one with a reason. */
export const teamReviewRoutes: FastifyPluginAsyncZod<ReviewDeps> = async (app, deps) => {
  app.route({
    ...fromEndpoint(reviewEndpoints.team, {
      schema: { tags: ['team'], summary: 'The latest 100 reviews, newest first, or only the hidden ones' },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return teamReviews(deps.db, request.query.hidden === '1')
    },
  })

  app.route({
    ...fromEndpoint(reviewEndpoints.hide, {
      schema: {
        tags: ['team'],
        summary: 'Hides a review with a reason (audited); the reviewer is told by mail',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const actor = await signedInAccount(request)
      return hideReview(deps, actor, request.params.id, request.body.reason)
    },
  })
}
