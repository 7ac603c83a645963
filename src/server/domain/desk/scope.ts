import type { Database } from '../../platform/db/database.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { type VenueScope, venueScope } from '../../platform/identity/venue-scope.ts'

export { assertVenueInScope, scopeAllows } from '../../platform/identity/venue-scope.ts'

/**
 * The venues a desk request may act for (docs/desk.md, "Scoping"): staff only those they are assigned
 * to in venue_staff, managers and admins (canManageVenues) every venue. Every desk query takes a scope.
 */
export type DeskScope = VenueScope

export const deskScope = (db: Database, caller: AccountCaller): Promise<DeskScope> =>
  venueScope(db, caller, 'canManageVenues')
