import { declaredEndpoints } from '../../../src/shared/endpoints/all.ts'
import { type Endpoint, routeKey } from '../../../src/shared/endpoints/define.ts'
import { hasPermission, type Role } from '../../../src/shared/permissions.ts'
import type { Caller } from './roles.ts'

/** Each declared endpoint (src/shared/endpoints) by its key, `GET /api/gyms/:id`. */
export const declaredByKey: ReadonlyMap<string, Endpoint> = new Map(
  declaredEndpoints.map((declared) => [routeKey(declared), declared]),
)

const roleOf: Record<Exclude<Caller, 'anonymous' | 'guest'>, Role> = {
  user: 'user',
  staff: 'staff',
  manager: 'manager',
  admin: 'admin',
}

/** The status a well-formed call succeeds with: the first 2xx its declaration answers with. */
function successStatus(declared: Endpoint): number {
  const codes = Object.keys(declared.response ?? {}).map(Number)
  return codes.find((code) => code >= 200 && code < 300) ?? 200
}

/**
 * What each kind of visitor gets from a well-formed call, from the declared access alone: anyone
 * succeeds on a public endpoint; elsewhere nobody signed in and a guest session get 401, and an
 * account whose role lacks the permission 403.
 */
export function expectedFromAccess(declared: Endpoint): Record<Caller, number> {
  const success = successStatus(declared)
  const { access } = declared
  const account = (caller: keyof typeof roleOf) =>
    access === 'public' || access === 'signedIn' || hasPermission(roleOf[caller], access) ? success : 403
  const signedOut = access === 'public' ? success : 401
  return {
    anonymous: signedOut,
    guest: signedOut,
    user: account('user'),
    staff: account('staff'),
    manager: account('manager'),
    admin: account('admin'),
  }
}
