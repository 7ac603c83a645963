import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { waitlistEndpoints } from '../../shared/endpoints/waitlist.ts'
import { deskScope } from '../domain/desk/scope.ts'
import { waitlistRateLimits } from '../domain/waitlist/rate-limits.ts'
import {
  entryByToken,
  joinWaitlist,
  leaveWaitlist,
  teamWaitlist,
  toWaitlistEntry,
  type WaitlistDeps,
} from '../domain/waitlist/service.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/**
 * The waiting list of a full slot (docs/booking.md, "Waiting list"): joining, a request by its
 * signed link, leaving it, and the desk's view of a venue's day (staff: their venues only).
 */
export const waitlistRoutes: FastifyPluginAsyncZod<WaitlistDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
  })
  const limits = waitlistRateLimits(app)

  app.route({
    ...fromEndpoint(waitlistEndpoints.join, {
      onRequest: limits.joinPerIp,
      schema: {
        tags: ['waitlist'],
        summary: 'Joins the waiting list of a full slot; a guest sends their e-mail proof',
      },
    }),
    handler: async (request, reply) => {
      await limits.joinPerAddress(request, reply)
      const entry = await joinWaitlist(deps, await request.caller, request.body)
      return reply.code(201).send(entry)
    },
  })

  app.route({
    ...fromEndpoint(waitlistEndpoints.entry, {
      onRequest: limits.link,
      schema: { tags: ['waitlist'], summary: 'A waiting list request by its signed link' },
    }),
    handler: async (request) => toWaitlistEntry(deps, await entryByToken(deps, request.params.token)),
  })

  app.route({
    ...fromEndpoint(waitlistEndpoints.leave, {
      onRequest: limits.link,
      schema: {
        tags: ['waitlist'],
        summary: 'Leaves the waiting list; offered places go to the next in line',
      },
    }),
    handler: async (request) => leaveWaitlist(deps, request.params.token),
  })

  app.route({
    ...fromEndpoint(waitlistEndpoints.team, {
      schema: { tags: ['desk'], summary: "A venue's waiting lists on one date (canManageBookings)" },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { venue, date } = request.query
      return teamWaitlist(deps.db, await deskScope(deps.db, actor), venue, date)
    },
  })
}
