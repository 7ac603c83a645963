import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { dashboardEndpoints } from '../../../shared/endpoints/team.ts'
import { deskScope } from '../../domain/desk/scope.ts'
import { todaysFigures } from '../../domain/visits/counts-repository.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.route({
    ...fromEndpoint(dashboardEndpoints.today, {
      schema: {
        tags: ['dashboard'],
        summary: 'Today in Bahrain: bookings, visitors, revenue and waiting applications (canViewDashboard)',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const caller = await signedInAccount(request)
      const scope = await deskScope(db, caller)
      const today = todayInBahrain(now())
      const [figures, waiting] = await Promise.all([
        todaysFigures(db, today, scope),
        // Applications are the venue managers' business; staff see none.
        scope.kind === 'all'
          ? db
              .selectFrom('vendor_applications')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('status', '=', 'pending')
              .executeTakeFirstOrThrow()
          : { n: '0' },
      ])
      return { date: today, ...figures, applicationsWaiting: Number(waiting.n) }
    },
  })
}
