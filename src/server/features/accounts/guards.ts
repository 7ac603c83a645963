import type { FastifyReply, FastifyRequest } from 'fastify'
import { hasPermission, type Permission, type Role, roles } from '../../../shared/permissions.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { Auth } from './auth.ts'
import { fetchHeaders } from './auth-plugin.ts'

export interface SignedInUser {
  id: string
  email: string
  role: Role
  isGuest: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SignedInUser
  }
}

async function currentUser(auth: Auth, request: FastifyRequest): Promise<SignedInUser | undefined> {
  const session = await auth.api.getSession({ headers: fetchHeaders(request) })
  if (!session) return undefined
  const fields = session.user as { role?: unknown; isAnonymous?: unknown }
  const role = (roles as readonly unknown[]).includes(fields.role) ? (fields.role as Role) : 'user'
  return { id: session.user.id, email: session.user.email, role, isGuest: Boolean(fields.isAnonymous) }
}

/** preHandler: a signed-in account (not a guest), else 401. */
export function requireUser(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await currentUser(auth, request)
    if (!user || user.isGuest) throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Please sign in to continue.')
    request.user = user
  }
}

/** preHandler: a signed-in account whose role grants `permission` (SPEC section 6), else 401 or 403. */
export function requirePermission(auth: Auth, permission: Permission) {
  const signedIn = requireUser(auth)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply)
    if (!request.user || !hasPermission(request.user.role, permission)) {
      throw new HttpError(403, 'FORBIDDEN', 'Your account does not have permission to do this.')
    }
  }
}
