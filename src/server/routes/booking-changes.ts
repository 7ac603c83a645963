import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { dateChangeEndpoints } from '../../shared/endpoints/date-changes.ts'
import type { CatalogService } from '../domain/catalog/service.ts'
import { changeVisitDate } from '../domain/visit-changes/change-date.ts'
import { openGuestLink } from '../domain/visits/access.ts'
import type { VisitRoutesDeps } from '../domain/visits/deps.ts'
import { changeDateRateLimit } from '../domain/visits/rate-limits.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/**
 * Moving a visit, or its party, to another date or time at the same venue and pass: the signed-in
 * account's own visits (another's is a 404, as if it did not exist), and a guest's through the
 * manage link in their mail (a view link, forged, revoked or expired one is a 404).
 */
export const dateChangeRoutes: FastifyPluginAsyncZod<VisitRoutesDeps & { catalog: CatalogService }> = async (
  app,
  deps,
) => {
  const limit = limitBy(app, { ...changeDateRateLimit, name: 'change-date', by: byClient })

  app.route({
    ...fromEndpoint(dateChangeEndpoints.mine, {
      onRequest: limit,
      schema: {
        tags: ['bookings'],
        summary: 'Moves one of the signed-in account’s visits, or its party, to another date or time',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { id: userId } = await signedInAccount(request)
      return changeVisitDate(
        { ...deps, log: request.log },
        { kind: 'account', userId },
        request.params.id,
        request.body,
      )
    },
  })

  app.route({
    ...fromEndpoint(dateChangeEndpoints.guest, {
      onRequest: limit,
      schema: {
        tags: ['bookings'],
        summary: 'Moves a guest’s visit, or its party, to another date or time from the link in their mail',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      // Only a manage link moves a visit; the link stays valid after it (the move keeps its version).
      const booking = await openGuestLink(deps.db, deps.secret, request.params.token, 'change', deps.now())
      return changeVisitDate(
        { ...deps, log: request.log },
        { kind: 'link', bookingId: booking.id },
        booking.id,
        request.body,
      )
    },
  })
}
