import { APIError } from 'better-auth/api'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { parseDisplayDate } from '../../shared/bahrain-time.ts'
import { accountsEndpoints } from '../../shared/endpoints/accounts.ts'
import type { Auth } from '../domain/accounts/auth.ts'
import { libraryErrorCode } from '../domain/accounts/auth-plugin.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { fetchHeaders } from '../platform/identity/caller.ts'

/**
 * Sign-up with the profile the spec asks for. The account is created by better-auth (which queues
 * the 24-hour activation mail), then the profile is stored; if that fails, the account goes too.
 */
export const registerRoutes: FastifyPluginAsyncZod<{ auth: Auth; db: Database }> = async (
  app,
  { auth, db },
) => {
  app.route({
    ...fromEndpoint(accountsEndpoints.register, {
      schema: { tags: ['accounts'] },
      preHandler: (request, reply) => app.authRateGuard(request, reply),
    }),
    handler: async (request, reply) => {
      const form = request.body
      let userId: string
      try {
        const result = await auth.api.signUpEmail({
          body: {
            email: form.email,
            password: form.password,
            name: `${form.firstName} ${form.lastName}`,
            callbackURL: '/login?activated=1',
          },
          headers: fetchHeaders(request),
        })
        userId = result.user.id
      } catch (error) {
        if (error instanceof APIError && error.statusCode < 500) {
          throw new HttpError(error.statusCode, libraryErrorCode(error.body?.code, 'REGISTRATION_FAILED'), {
            details: error.body?.message,
            ...(error.body?.fields ? { fields: error.body.fields } : {}),
          })
        }
        throw error
      }
      // For an address that already has an account, better-auth answers as if it had created one
      // and creates nothing, so nobody can learn which addresses are registered. We answer the same.
      const created = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
      if (!created) return reply.code(201).send({ registered: true })
      try {
        await db
          .insertInto('user_profiles')
          .values({
            id: userId,
            first_name: form.firstName,
            middle_name: form.middleName || null,
            last_name: form.lastName,
            birthday: form.birthday ? (parseDisplayDate(form.birthday) ?? null) : null,
            mobile_number: form.mobileNumber || null,
          })
          .execute()
      } catch (error) {
        await db.deleteFrom('users').where('id', '=', userId).execute()
        throw error
      }
      return reply.code(201).send({ registered: true })
    },
  })
}
