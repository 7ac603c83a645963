import { hasPermission } from '../../../shared/permissions.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'

/**
 * Who may invite staff to which venue, decided here only (docs/decisions/041): an admin
 * (canManageUsers) to any venue; a manager to the venues they run, the venues listed for them on the
 * staff page (venue_staff, which for a manager says which venues are theirs; at the desk a manager
 * still acts for every venue). Read afresh on every request.
 */
export type InvitationScope = { kind: 'all' } | { kind: 'venues'; venueIds: readonly string[] }

export async function invitationScope(db: Database, caller: AccountCaller): Promise<InvitationScope> {
  if (hasPermission(caller.role, 'canManageUsers')) return { kind: 'all' }
  const rows = await db
    .selectFrom('venue_staff')
    .select('venue_id')
    .where('user_id', '=', caller.id)
    .execute()
  return { kind: 'venues', venueIds: rows.map((row) => row.venue_id) }
}

export function mayInviteTo(scope: InvitationScope, venueId: string): boolean {
  return scope.kind === 'all' || scope.venueIds.includes(venueId)
}

/** Inviting to a venue that is not the caller's: refused before anything about it is read. */
export function assertMayInviteTo(scope: InvitationScope, venueId: string): void {
  if (!mayInviteTo(scope, venueId)) throw new HttpError(403, 'VENUE_NOT_ASSIGNED')
}

/** Another venue's invitation is answered as one that does not exist. */
export function invitationNotFound(): HttpError {
  return new HttpError(404, 'INVITATION_NOT_FOUND')
}
