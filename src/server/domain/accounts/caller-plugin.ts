import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { defaultLanguage } from '../../../shared/i18n.ts'
import { type Role, roles } from '../../../shared/permissions.ts'
import { type Caller, fetchHeaders, languageOf } from '../../platform/identity/caller.ts'
import type { Auth } from './auth.ts'

const anonymous: Caller = { kind: 'anonymous' }
const resolved = Symbol('caller')

function asRole(value: unknown): Role {
  return (roles as readonly unknown[]).includes(value) ? (value as Role) : 'user'
}

/** Sets `request.language` on every request, and answers `request.caller` from better-auth's session. */
export const callerPlugin = fp<{ auth: Auth }>(async (app: FastifyInstance, { auth }) => {
  const { sessionToken } = (await auth.$context).authCookies
  const sessionCookie = `${sessionToken.name}=`

  async function lookUp(request: FastifyRequest): Promise<Caller> {
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
    return fields.isAnonymous ? { kind: 'guest', ...holder } : { kind: 'account', ...holder }
  }

  app.decorateRequest(resolved, null)
  app.decorateRequest('caller', {
    getter(this: FastifyRequest) {
      const request = this as FastifyRequest & { [resolved]: Promise<Caller> | null }
      request[resolved] ??= lookUp(request)
      return request[resolved]
    },
  })
  app.decorateRequest('language', defaultLanguage)
  // An answer made knowing who is calling is that caller's alone: no browser or proxy may keep it.
  // Keyed on the session the route read, not on the route: an answer that never asked (the
  // catalog, photos) keeps its own caching, signed in or not.
  app.addHook('onSend', async (request, reply, payload) => {
    const looked = (request as FastifyRequest & { [resolved]: Promise<Caller> | null })[resolved]
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
