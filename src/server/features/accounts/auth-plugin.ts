import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Auth } from './auth.ts'
import { authRateLimits } from './auth-rate-limits.ts'

const resetResponseMs = 400
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The request's headers as the Fetch API's Headers, for better-auth. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.append(name, String(value))
  }
  return headers
}

declare module 'fastify' {
  interface FastifyInstance {
    authRateGuard: ReturnType<typeof authRateLimits>
  }
}

/** Mounts better-auth's own endpoints at /api/auth/* (sign-in, sign-out, verify-email, reset-password…). */
export const authPlugin = fp<{ auth: Auth }>(async (app: FastifyInstance, { auth }) => {
  const guard = authRateLimits(app)
  app.decorate('authRateGuard', guard)
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      if (!(await guard(request, reply))) return reply
      // A reset request takes the same time whether or not the account exists.
      const padding = request.url.startsWith('/api/auth/request-password-reset')
        ? delay(resetResponseMs)
        : undefined
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`)
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: fetchHeaders(request),
          body:
            request.method === 'POST' && request.body !== undefined
              ? JSON.stringify(request.body)
              : undefined,
        }),
      )
      await padding
      reply.status(response.status)
      for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value)
      const cookies = response.headers.getSetCookie()
      if (cookies.length) reply.header('set-cookie', cookies)
      const body = response.body ? await response.text() : null
      // Library errors come as {code, message}; give them the API's one error shape.
      if (!response.ok && body?.startsWith('{')) {
        const { code = 'AUTH_ERROR', message = 'The request could not be completed.' } = JSON.parse(body)
        return reply.type('application/json; charset=utf-8').send({ error: { code, message } })
      }
      return reply.send(body)
    },
  })
})
