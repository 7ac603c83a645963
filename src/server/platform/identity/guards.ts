import type { FastifyRequest } from 'fastify'
import { hasPermission, type Permission } from '../../../shared/permissions.ts'
import { HttpError } from '../http/errors.ts'
import type { AccountCaller } from './caller.ts'

/**
 * The permission guards every protected route uses; the permission names and who holds them are
 * docs/decisions/006-permission-names.md.
 */

/** The signed-in account behind the request (not a guest session), else a 401. */
export async function signedInAccount(request: FastifyRequest): Promise<AccountCaller> {
  const caller = await request.caller
  if (caller.kind !== 'account') throw new HttpError(401, 'SIGN_IN_REQUIRED')
  return caller
}

type Guard = (request: FastifyRequest) => Promise<void>
const accessGuards = new WeakSet<Guard>()

/** Whether a route hook is one of these guards: platform/http/team-access.ts runs them before validation. */
export function isAccessGuard(hook: unknown): boolean {
  return typeof hook === 'function' && accessGuards.has(hook as Guard)
}

function guard(check: Guard): Guard {
  accessGuards.add(check)
  return check
}

/** preHandler: a signed-in account (not a guest), else 401. The handler reads it with signedInAccount. */
export function requireUser() {
  return guard(async (request) => {
    await signedInAccount(request)
  })
}

/** preHandler: a signed-in account whose role grants `permission`, else 401 or 403. */
export function requirePermission(permission: Permission) {
  return guard(async (request) => {
    const account = await signedInAccount(request)
    if (!hasPermission(account.role, permission)) {
      throw new HttpError(403, 'FORBIDDEN')
    }
  })
}
