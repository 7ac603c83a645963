import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { type VenueScope, venueScope } from '../team/venue-scope.ts'

/**
 * Who may invite staff to which venue, decided here only (docs/decisions/041): an admin
 * (canManageUsers) to any venue; a manager to the venues they run, the venues listed for them on the
 * staff page (venue_staff, which for a manager says which venues are theirs; at the desk a manager
 * still acts for every venue).
 */
export type InvitationScope = VenueScope

export const invitationScope = (db: Database, caller: AccountCaller): Promise<InvitationScope> =>
  venueScope(db, caller, 'canManageUsers')

/** Another venue's invitation is answered as one that does not exist. */
export function invitationNotFound(): HttpError {
  return new HttpError(404, 'INVITATION_NOT_FOUND')
}
