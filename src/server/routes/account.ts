import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { accountsEndpoints } from '../../shared/endpoints/accounts.ts'
import { verifyPassword } from '../domain/accounts/password-hash.ts'
import type { AnnounceCatalogChange } from '../domain/catalog/catalog-changes.ts'
import { deleteAccount, exportAccountData, passwordHashOf } from '../domain/privacy/account-data.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/** Attempts to delete an account per client IP: each checks a password, which is costly and guessable. */
export const deleteAccountRateLimit = { max: 10, timeWindow: 15 * 60_000 }

/** better-auth's session cookie, under both its names (with the __Secure- prefix on HTTPS sites). */
const sessionCookies = ['better-auth.session_token', '__Secure-better-auth.session_token']

/** The signed-in account's id, from its session: nothing in the request can name another account. */
async function signedInUserId(request: FastifyRequest): Promise<string> {
  return (await signedInAccount(request)).id
}

/** A signed-in account's own data (Bahrain PDPL): download it as JSON, or delete the account. */
export const accountDataRoutes: FastifyPluginAsyncZod<{
  db: Database
  now: () => Date
  /** The account's reviews go with it: every server's averages are read again. */
  announceCatalogChange: AnnounceCatalogChange
}> = async (app, { db, now, announceCatalogChange }) => {
  app.route({
    ...fromEndpoint(accountsEndpoints.exportData, {
      schema: { tags: ['accounts'], summary: 'Everything kept about the signed-in account, as a JSON file' },
    }),
    handler: async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="daypass-my-data.json"')
      return exportAccountData(db, await signedInUserId(request), now())
    },
  })

  app.route({
    ...fromEndpoint(accountsEndpoints.deleteAccount, {
      onRequest: limitBy(app, { ...deleteAccountRateLimit, name: 'ip', by: byClient }),
      schema: {
        tags: ['accounts'],
        summary:
          'Deletes the signed-in account after its password is entered again; bookings stay, anonymised',
      },
    }),
    handler: async (request, reply) => {
      const userId = await signedInUserId(request)
      const hash = await passwordHashOf(db, userId)
      if (!hash || !(await verifyPassword({ hash, password: request.body.password }))) {
        throw new HttpError(400, 'PASSWORD_INCORRECT', { fields: { password: 'PASSWORD_INCORRECT' } })
      }
      const { reviewsDeleted } = await deleteAccount(db, userId, now())
      if (reviewsDeleted > 0) await announceCatalogChange()
      // The sessions are gone with the account; the browser is told to forget its cookie as well.
      for (const name of sessionCookies)
        reply.header(
          'set-cookie',
          `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`,
        )
      return reply.header('cache-control', 'no-store').send({ deleted: true })
    },
  })
}
