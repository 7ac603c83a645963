import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { defaultLanguage, isLanguage, type Language, languageCookie } from '../../shared/i18n.ts'
import { type Role, roles } from '../../shared/permissions.ts'
import type { Auth } from '../features/accounts/auth.ts'

/**
 * Who is calling: nobody signed in, a guest session ("Sign in as Guest") or an account. Every
 * route asks `await request.viewer`; nothing else reads the session. A deactivated account
 * is answered here as anonymous.
 */
export type Viewer = { kind: 'anonymous' } | GuestViewer | SignedInViewer

interface SessionHolder {
  id: string
  email: string
  name: string
  role: Role
}
/** A guest session: an account better-auth made for "Sign in as Guest", with no e-mail of its own. */
export type GuestViewer = SessionHolder & { kind: 'guest' }
/** A signed-in account. */
export type SignedInViewer = SessionHolder & { kind: 'user' }

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, read from the session cookie the first time a route asks, then kept for the
     * request: a route that never asks (the catalog) never pays for a session look-up.
     */
    readonly viewer: Promise<Viewer>
    /** The visitor's language: the language cookie, else the browser's preference, else English. */
    language: Language
  }
}

const anonymous: Viewer = { kind: 'anonymous' }
const resolved = Symbol('viewer')

/** The language of a request's `cookie` and `accept-language` headers: parsed here and nowhere else. */
export function languageOf(
  cookieHeader: string | null | undefined,
  acceptLanguage?: string | null,
): Language {
  const cookie = cookieHeader?.match(languageCookiePattern)?.[1]
  if (isLanguage(cookie)) return cookie
  const accepted = acceptLanguage?.trim().slice(0, 2).toLowerCase()
  return isLanguage(accepted) ? accepted : defaultLanguage
}
const languageCookiePattern = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]+)`)

/** The request's headers as the Fetch API's Headers, for better-auth. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.append(name, String(value))
  }
  return headers
}

function asRole(value: unknown): Role {
  return (roles as readonly unknown[]).includes(value) ? (value as Role) : 'user'
}

/** Sets `request.language` on every request, and answers `request.viewer` from better-auth's session. */
export const viewerPlugin = fp<{ auth: Auth }>(async (app: FastifyInstance, { auth }) => {
  const { sessionToken } = (await auth.$context).authCookies
  const sessionCookie = `${sessionToken.name}=`

  async function lookUp(request: FastifyRequest): Promise<Viewer> {
    // No session cookie, no session: most requests skip better-auth's look-up altogether.
    if (!request.headers.cookie?.includes(sessionCookie)) return anonymous
    const session = await auth.api.getSession({ headers: fetchHeaders(request) })
    if (!session) return anonymous
    // better-auth types only its own fields; ours (role) and the anonymous plugin's are read here, once.
    const fields = session.user as { role?: unknown; isAnonymous?: unknown; deactivatedAt?: unknown }
    // Deactivation deletes the sessions; a sign-in racing it must not leave one that works.
    if (fields.deactivatedAt) return anonymous
    const holder = {
      id: session.user.id,
      email: session.user.email,
      name: session.user.name,
      role: asRole(fields.role),
    }
    return fields.isAnonymous ? { kind: 'guest', ...holder } : { kind: 'user', ...holder }
  }

  app.decorateRequest(resolved, null)
  app.decorateRequest('viewer', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [resolved]: Promise<Viewer> | null }
      request[resolved] ??= lookUp(request)
      return request[resolved]
    },
  })
  app.decorateRequest('language', defaultLanguage)
  // An answer made knowing who is calling is that caller's alone: no browser or proxy may keep it.
  // Keyed on the session the route read, not on the route: an answer that never asked (the
  // catalog, photos) keeps its own caching, signed in or not.
  app.addHook('onSend', async (request, reply, payload) => {
    const looked = (request as FastifyRequest & { [resolved]: Promise<Viewer> | null })[resolved]
    if (!looked || /no-store/.test(String(reply.getHeader('cache-control')))) return payload
    // A look-up that failed is answered as an error; it is no one's to keep either.
    const caller = await looked.catch(() => undefined)
    if (caller?.kind !== 'anonymous') reply.header('cache-control', 'no-store')
    return payload
  })
  app.addHook('onRequest', (request, _reply, done) => {
    request.language = languageOf(request.headers.cookie, request.headers['accept-language'])
    done()
  })
})
