import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { teamVisitEndpoints } from '../../../shared/endpoints/team-visits.ts'
import { deskScope } from '../../domain/desk/scope.ts'
import type { RefundDeps } from '../../domain/refunds/refunds.ts'
import { cancelVisits } from '../../domain/visit-changes/cancel.ts'
import { cancelRateLimit } from '../../domain/visits/rate-limits.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { byClient, limitBy } from '../../platform/http/rate-limits.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

/** The team cancels a visit (canManageBookings; staff within their venues) with a reason, whatever the policy. */
export const teamVisitRoutes: FastifyPluginAsyncZod<RefundDeps> = async (app, deps) => {
  app.route({
    ...fromEndpoint(teamVisitEndpoints.cancel, {
      onRequest: limitBy(app, { ...cancelRateLimit, name: 'cancel', by: byClient }),
      schema: {
        tags: ['team'],
        summary:
          'The team cancels a visit (staff: of their venues) with a reason, whatever the policy; one checked in, a no-show or paid at the desk only a manager, as an override',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const caller = await signedInAccount(request)
      const scope = await deskScope(deps.db, caller)
      const { reason, overrideReason, refund } = request.body
      const override = overrideReason ? { reason: overrideReason, ...(refund ? { refund } : {}) } : undefined
      return cancelVisits(
        { ...deps, log: request.log },
        { kind: 'team', caller, scope, reason, ...(override ? { override } : {}) },
        request.params.id,
        request.body.scope,
      )
    },
  })
}
