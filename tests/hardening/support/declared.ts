import { declaredEndpoints } from '../../../src/shared/endpoints/all.ts'
import { type Endpoint, routeKey } from '../../../src/shared/endpoints/define.ts'
import { hasPermission, type Role } from '../../../src/shared/permissions.ts'
import type { Caller } from './roles.ts'

/** Each declared endpoint (src/shared/endpoints) by its key, `GET /api/gyms/:id`. */
export const declaredByKey: ReadonlyMap<string, Endpoint> = new Map(
  declaredEndpoints.map((declared) => [routeKey(declared), declared]),
)

/**
 * Routes the app serves that have no declaration yet: the booked visit's families, which move to
 * src/shared/endpoints the same way in a later pass. That pass empties this list; nothing is added to it.
 */
export const notYetDeclared: readonly string[] = [
  // bookings, tickets, calendar
  'GET /api/bookings',
  'GET /api/bookings/:id/qr.svg',
  'GET /api/bookings/:id/calendar.ics',
  'GET /api/manage/:token',
  'GET /api/manage/:token/qr.svg',
  'GET /api/manage/:token/calendar.ics',
  // cancellations
  'POST /api/bookings/:id/cancel',
  'POST /api/manage/:token/cancel',
  'POST /api/team/bookings/:id/cancel',
  'GET /api/team/refunds/stuck',
  // checkout
  'GET /api/checkout/payment-config',
  'POST /api/checkout/quote',
  'POST /api/checkout/orders',
  'POST /api/checkout/orders/:id/payment',
  'POST /api/checkout/orders/:id/capture',
  // desk and staff venues
  'GET /api/desk/venues',
  'GET /api/desk/bookings',
  'POST /api/desk/redeem',
  'POST /api/desk/bookings/:id/payment',
  'POST /api/desk/bookings/:id/no-show',
  'DELETE /api/desk/bookings/:id/no-show',
  'POST /api/desk/bookings/:id/refund',
  'GET /api/admin/staff',
  'GET /api/admin/staff/:userId/venues',
  'PUT /api/admin/staff/:userId/venues',
  // the team's dashboard
  'GET /api/admin/dashboard',
]

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
