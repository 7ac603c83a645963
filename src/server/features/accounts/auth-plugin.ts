import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError } from '../../plugins/errors.ts'
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
      const base = `http://${request.headers.host ?? 'localhost'}`
      // A Host header that is no host name is the client's mistake, not a reason for a 500.
      if (!URL.canParse(request.url, base))
        throw new HttpError(400, 'BAD_REQUEST', 'The request’s Host header is not valid.')
      const url = new URL(request.url, base)
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
      // Library errors come as {code, message}, or with no body at all (an unknown path's 404):
      // give them the API's one error shape.
      if (response.status >= 400) {
        const { code, message } = libraryError(body)
        return reply.type('application/json; charset=utf-8').send({
          error: {
            code: code ?? (response.status === 404 ? 'NOT_FOUND' : 'AUTH_ERROR'),
            message:
              message ??
              (response.status === 404
                ? `No route ${request.method} ${url.pathname}`
                : 'The request could not be completed.'),
          },
        })
      }
      return reply.send(body)
    },
  })
})

/** The `{code, message}` of better-auth's error body, each when it is a string. */
function libraryError(body: string | null): { code?: string; message?: string } {
  let parsed: { code?: unknown; message?: unknown } | null = null
  try {
    parsed = body ? JSON.parse(body) : null
  } catch {
    // Not JSON: the caller falls back to a generic code and message.
  }
  return {
    code: typeof parsed?.code === 'string' ? parsed.code : undefined,
    message: typeof parsed?.message === 'string' ? parsed.message : undefined,
  }
}
