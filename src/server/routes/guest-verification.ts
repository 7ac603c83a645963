import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { otpResendSeconds, otpValidMinutes } from '../../shared/checkout.ts'
import { guestVerificationEndpoints } from '../../shared/endpoints/guest-verification.ts'
import { guestCodeRateLimits } from '../domain/guest-verification/rate-limits.ts'
import { GuestVerificationService, ResendTooSoonError } from '../domain/guest-verification/service.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'

interface GuestVerificationDeps {
  db: Database
  /** The server's AUTH_SECRET: keys the stored code hashes and signs the proofs. */
  secret: string
  /** The app's clock: codes and proofs expire by it. */
  now: () => Date
}

/**
 * A guest proves they control the e-mail address of their booking: they ask for a code, which is
 * mailed to them, and trade it for a short-lived proof that the guest order must carry. Neither
 * the answer nor the logs ever hold the code (request bodies are not logged).
 */
export const guestVerificationRoutes: FastifyPluginAsyncZod<GuestVerificationDeps> = async (
  app,
  { db, secret, now },
) => {
  const service = new GuestVerificationService(db, secret, now)
  const limits = guestCodeRateLimits(app)

  app.route({
    ...fromEndpoint(guestVerificationEndpoints.sendCode, {
      onRequest: limits.sendPerIp,
      schema: { tags: ['guest verification'] },
    }),
    handler: async (request, reply) => {
      const { email, language } = request.body
      try {
        // The wait is checked before the per-address limit, so an early click does not use it up.
        const wait = await service.resendWait(email)
        if (wait > 0) throw new ResendTooSoonError(wait)
        await limits.sendPerAddress(request, reply)
        await service.sendCode(email, language)
      } catch (error) {
        if (error instanceof ResendTooSoonError) reply.header('retry-after', String(error.waitSeconds))
        throw error
      }
      return reply.code(202).send({
        sent: true,
        resendAfterSeconds: otpResendSeconds,
        expiresInSeconds: otpValidMinutes * 60,
      })
    },
  })

  app.route({
    ...fromEndpoint(guestVerificationEndpoints.verifyCode, {
      onRequest: limits.verifyPerIp,
      schema: { tags: ['guest verification'] },
    }),
    handler: async (request) => {
      const { proof, expiresAt } = await service.verifyCode(request.body.email, request.body.code)
      return { proof, expiresAt: expiresAt.toISOString() }
    },
  })
}
