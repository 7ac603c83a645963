import { hasPermission, type Role } from '../../../shared/permissions.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { scopeAllows, type VenueScope, venueScope } from '../../platform/identity/venue-scope.ts'

/**
 * Who may invite staff to which venue, decided here only (docs/decisions/041): an admin
 * (canManageUsers) to any venue; a manager to the venues they run, the venues listed for them on the
 * staff page (venue_staff, which for a manager says which venues are theirs; at the desk a manager
 * still acts for every venue).
 */
export type InvitationScope = VenueScope

export const invitationScope = (db: Database, caller: AccountCaller): Promise<InvitationScope> =>
  venueScope(db, caller, 'canManageUsers')

/**
 * Whether an invitation's sender may still invite to its venue, as they stand now: active, and
 * still a manager of the venue or an admin. A sender deactivated, demoted or taken off the venue
 * ends the invitations they sent (410 INVITATION_INVITER_INACTIVE).
 */
export async function senderMayStillInvite(
  db: Database,
  sender: { id: string; email: string; name: string; role: Role; deactivated_at: Date | null } | undefined,
  venueId: string,
): Promise<boolean> {
  if (!sender || sender.deactivated_at !== null) return false
  if (!hasPermission(sender.role, 'canManageVenues')) return false
  const caller: AccountCaller = {
    kind: 'account',
    id: sender.id,
    email: sender.email,
    name: sender.name,
    role: sender.role,
  }
  return scopeAllows(await invitationScope(db, caller), venueId)
}

/** Another venue's invitation is answered as one that does not exist. */
export function invitationNotFound(): HttpError {
  return new HttpError(404, 'INVITATION_NOT_FOUND')
}
