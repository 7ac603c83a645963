import { hasPermission } from '../../../shared/permissions.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'

/**
 * The venues a desk request may act for (docs/desk.md, "Scoping"): staff only those they are assigned
 * to in venue_staff, managers and admins (canManageVenues) every venue. Every desk query takes a
 * scope, read afresh for each request, so an assignment taken away counts from the next request.
 */
export type DeskScope = { kind: 'all' } | { kind: 'venues'; venueIds: readonly string[] }

export async function deskScope(db: Database, caller: AccountCaller): Promise<DeskScope> {
  if (hasPermission(caller.role, 'canManageVenues')) return { kind: 'all' }
  const rows = await db
    .selectFrom('venue_staff')
    .select('venue_id')
    .where('user_id', '=', caller.id)
    .execute()
  return { kind: 'venues', venueIds: rows.map((row) => row.venue_id) }
}

export function scopeAllows(scope: DeskScope, venueId: string): boolean {
  return scope.kind === 'all' || scope.venueIds.includes(venueId)
}

/** A venue outside the scope is refused before anything about it is read. */
export function assertVenueInScope(scope: DeskScope, venueId: string): void {
  if (!scopeAllows(scope, venueId)) throw new HttpError(403, 'VENUE_NOT_ASSIGNED')
}
