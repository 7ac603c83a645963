import { hasPermission, type Permission } from '../../../shared/permissions.ts'
import type { Database } from '../db/database.ts'
import { HttpError } from '../http/errors.ts'
import type { AccountCaller } from './caller.ts'

/**
 * The venues a team member acts for: every venue with the given permission, otherwise those listed
 * for them in venue_staff. Read afresh for each request, so an assignment taken away counts from the
 * next one. The desk widens it with canManageVenues, invitations with canManageUsers.
 */
export type VenueScope = { kind: 'all' } | { kind: 'venues'; venueIds: readonly string[] }

export async function venueScope(
  db: Database,
  caller: AccountCaller,
  everyVenue: Permission,
): Promise<VenueScope> {
  if (hasPermission(caller.role, everyVenue)) return { kind: 'all' }
  const rows = await db
    .selectFrom('venue_staff')
    .select('venue_id')
    .where('user_id', '=', caller.id)
    .execute()
  return { kind: 'venues', venueIds: rows.map((row) => row.venue_id) }
}

export function scopeAllows(scope: VenueScope, venueId: string): boolean {
  return scope.kind === 'all' || scope.venueIds.includes(venueId)
}

/** A venue outside the scope is refused before anything about it is read. */
export function assertVenueInScope(scope: VenueScope, venueId: string): void {
  if (!scopeAllows(scope, venueId)) throw new HttpError(403, 'VENUE_NOT_ASSIGNED')
}
