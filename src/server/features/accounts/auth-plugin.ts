import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Auth } from './auth.ts'

/** The request's headers as the Fetch API's Headers, for better-auth. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.append(name, String(value))
  }
  return headers
}

/** Mounts better-auth's own endpoints at /api/auth/* (sign-in, sign-out, verify-email, reset-password…). */
export const authPlugin = fp<{ auth: Auth }>(async (app: FastifyInstance, { auth }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
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
      reply.status(response.status)
      for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value)
      const cookies = response.headers.getSetCookie()
      if (cookies.length) reply.header('set-cookie', cookies)
      return reply.send(response.body ? await response.text() : null)
    },
  })
})
