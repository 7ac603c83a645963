import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { accountsEndpoints } from '../../../shared/endpoints/accounts.ts'
import { type ErrorCode, isErrorCode } from '../../../shared/errors.ts'
import { type FieldErrors, HttpError, sendError } from '../../platform/http/errors.ts'
import { servedPath } from '../../platform/http/rate-limits.ts'
import { fetchHeaders } from '../../platform/identity/caller.ts'
import type { Auth } from './auth.ts'
import { authRateLimits } from './auth-rate-limits.ts'

const resetResponseMs = 400
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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
    method: [accountsEndpoints.authGet.method, accountsEndpoints.authPost.method],
    url: accountsEndpoints.authPost.path,
    schema: { hide: true },
    // Sessions, tokens and account details: no browser or proxy may keep a copy of any answer,
    // refusals included.
    onRequest: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    },
    async handler(request, reply) {
      // The path better-auth will serve (a non-canonical spelling never gets here: canonical-path.ts).
      const path = servedPath(request)
      await guard(request, reply)
      // A reset request takes the same time whether or not the account exists.
      const padding = path === '/api/auth/request-password-reset' ? delay(resetResponseMs) : undefined
      const base = `http://${request.headers.host ?? 'localhost'}`
      // A Host header that is no host name is the client's mistake, not a reason for a 500.
      if (!URL.canParse(request.url, base)) throw new HttpError(400, 'BAD_HOST')
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
      reply.header('cache-control', 'no-store')
      const cookies = response.headers.getSetCookie()
      if (cookies.length) reply.header('set-cookie', cookies)
      const body = response.body ? await response.text() : null
      // Library errors come as {code, message}, or with no body at all (an unknown path's 404):
      // give them the API's one error shape, with a code of ours; the library's words go in details.
      if (response.status >= 400) {
        const { code, message, fields } = libraryError(body)
        if (response.status === 404 && !code)
          return sendError(reply, 404, 'NOT_FOUND', {
            params: { method: request.method, path: url.pathname },
          })
        return sendError(reply, response.status, libraryErrorCode(code, 'AUTH_ERROR'), {
          details: message,
          ...(fields ? { fields } : {}),
        })
      }
      return reply.send(body)
    },
  })
})

/** better-auth's own codes that mean one of ours. */
const libraryCodes: Record<string, ErrorCode> = {
  INVALID_EMAIL: 'EMAIL_INVALID',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  USER_NOT_FOUND: 'INVALID_TOKEN',
}

/**
 * Our code for one of better-auth's: its own when we list it (INVALID_EMAIL_OR_PASSWORD,
 * EMAIL_NOT_VERIFIED, PASSWORD_TOO_SHORT…), its equivalent, else the fallback. Every code a
 * visitor can meet is then one the web app has words for, in both languages.
 */
export function libraryErrorCode(code: string | undefined, fallback: ErrorCode): ErrorCode {
  if (!code) return fallback
  return isErrorCode(code) ? code : (libraryCodes[code] ?? fallback)
}

/** The `{code, message, fields}` of better-auth's error body; fields only when each is one of our codes. */
function libraryError(body: string | null): { code?: string; message?: string; fields?: FieldErrors } {
  let parsed: { code?: unknown; message?: unknown; fields?: unknown } | null = null
  try {
    parsed = body ? JSON.parse(body) : null
  } catch {
    // Not JSON: the caller falls back to a generic code and message.
  }
  const fields = parsed?.fields
  const isFieldMap = typeof fields === 'object' && fields !== null && Object.values(fields).every(isErrorCode)
  return {
    code: typeof parsed?.code === 'string' ? parsed.code : undefined,
    message: typeof parsed?.message === 'string' ? parsed.message : undefined,
    fields: isFieldMap ? (fields as FieldErrors) : undefined,
  }
}
