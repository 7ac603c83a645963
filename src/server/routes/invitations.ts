import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { invitationEndpoints } from '../../shared/endpoints/invitations.ts'
import type { Auth } from '../domain/accounts/auth.ts'
import { acceptInvitation, agreeToInvitation, openInvitation } from '../domain/invitations/service.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { fetchHeaders } from '../platform/identity/caller.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/** Link guesses and acceptances one client may try: the link is the key, so keep guessing slow. */
export const invitationRateLimit = { max: 30, timeWindow: 15 * 60_000 }

interface InviteeDeps {
  db: Database
  auth: Auth
  secret: string
  now: () => Date
}

/**
 * The invitee's half of staff invitations (docs/decisions/041): open to anyone, the signed link in
 * the mail being the key. A forged, used, withdrawn or expired link is 404 INVITATION_NOT_FOUND.
 */
export const invitationRoutes: FastifyPluginAsyncZod<InviteeDeps> = async (
  app,
  { db, auth, secret, now },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  const limited = limitBy(app, { ...invitationRateLimit, name: 'ip', by: byClient })

  app.route({
    ...fromEndpoint(invitationEndpoints.open, {
      onRequest: limited,
      schema: { tags: ['invitations'], summary: 'What an invitation link offers: the venue and the address' },
    }),
    handler: (request) => openInvitation(db, secret, request.params.token, now()),
  })

  app.route({
    ...fromEndpoint(invitationEndpoints.accept, {
      onRequest: limited,
      schema: {
        tags: ['invitations'],
        summary:
          'Accept an invitation with a password: a staff account for the venue (or the address’s never-activated one), signed in',
      },
    }),
    handler: async (request, reply) => {
      const { venueId, email } = await acceptInvitation(db, secret, request.params.token, request.body, now())
      // Signed in as if the password had been typed at the sign-in page: better-auth's own session.
      const response = await auth.api.signInEmail({
        body: { email, password: request.body.password },
        headers: fetchHeaders(request),
        asResponse: true,
      })
      const cookies = response.headers.getSetCookie()
      if (response.ok && cookies.length) reply.header('set-cookie', cookies)
      return { venueId, signedIn: response.ok }
    },
  })

  app.route({
    ...fromEndpoint(invitationEndpoints.agree, {
      onRequest: limited,
      schema: {
        tags: ['invitations'],
        summary: 'The signed-in owner of the invited address agrees: their account acts for the venue',
      },
    }),
    handler: async (request) => {
      const caller = await signedInAccount(request)
      const { venueId } = await agreeToInvitation(db, secret, request.params.token, caller, now())
      return { venueId, signedIn: true }
    },
  })
}
