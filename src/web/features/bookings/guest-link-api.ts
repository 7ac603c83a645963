import { guestLinkEndpoints } from '../../../shared/endpoints/guest-links.ts'
import { callApi } from '../../lib/call-api.ts'

/*
 * The guest link's calls, apart from ./api.ts (the account's bookings): the public page a guest opens
 * from their mail loads none of the account's declarations.
 */

/** A guest's booking, read through the signed link in their mail. */
export function managedBooking(token: string) {
  return callApi(guestLinkEndpoints.booking, { params: { token } })
}

/**
 * Cancels a guest's visit (or its whole order) through the signed link in their mail. The link is
 * revoked by it: the answer's `viewToken` is the read-only link that shows the cancelled visit.
 */
export function cancelManagedBooking(token: string, scope: 'visit' | 'order') {
  return callApi(guestLinkEndpoints.cancel, { params: { token }, body: { scope } })
}
