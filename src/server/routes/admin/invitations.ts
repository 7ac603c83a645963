import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { invitationEndpoints } from '../../../shared/endpoints/invitations.ts'
import { invitationScope } from '../../domain/invitations/access.ts'
import { listInvitations, venueChoices } from '../../domain/invitations/repository.ts'
import { invite, resend, withdraw } from '../../domain/invitations/service.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

/**
 * The team's half of staff invitations (docs/decisions/041), for canManageVenues: an admin for any
 * venue, a manager for the venues they run (domain/invitations/access.ts decides which).
 */
export const invitationTeamRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.addHook('onSend', async (_request, reply) => {
    // Addresses of people who have not agreed to anything yet: no browser or proxy keeps a copy.
    reply.header('cache-control', 'no-store')
  })

  const callerAndScope = async (request: Parameters<typeof signedInAccount>[0]) => {
    const actor = await signedInAccount(request)
    return { actor, scope: await invitationScope(db, actor) }
  }

  app.route({
    ...fromEndpoint(invitationEndpoints.list, {
      schema: {
        tags: ['invitations'],
        summary: 'The invitations to the venues the caller runs, newest first, and those venues',
      },
    }),
    handler: async (request) => {
      const { scope } = await callerAndScope(request)
      const at = now()
      const [invitations, venues] = await Promise.all([
        listInvitations(db, scope, at),
        venueChoices(db, scope),
      ])
      return { invitations, venues }
    },
  })

  app.route({
    ...fromEndpoint(invitationEndpoints.invite, {
      schema: {
        tags: ['invitations'],
        summary: 'Invite an address to a venue’s desk; an existing account gets the venue at once',
      },
    }),
    handler: async (request, reply) => {
      const { actor, scope } = await callerAndScope(request)
      return reply.code(201).send(await invite(db, actor, scope, request.body, now()))
    },
  })

  app.route({
    ...fromEndpoint(invitationEndpoints.withdraw, {
      schema: { tags: ['invitations'], summary: 'Withdraw an invitation: its link stops working' },
    }),
    handler: async (request) => {
      const { actor, scope } = await callerAndScope(request)
      return withdraw(db, actor, scope, request.params.id, now())
    },
  })

  app.route({
    ...fromEndpoint(invitationEndpoints.resend, {
      schema: {
        tags: ['invitations'],
        summary: 'Send an invitation again: a new 72-hour link, the old one withdrawn',
      },
    }),
    handler: async (request, reply) => {
      const { actor, scope } = await callerAndScope(request)
      return reply.code(201).send(await resend(db, actor, scope, request.params.id, now()))
    },
  })
}
