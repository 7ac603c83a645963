import type { OrderGuest } from '../../../shared/checkout.ts'
import type { Database } from '../../db/database.ts'
import type { Viewer } from '../../identity/viewer.ts'
import { HttpError } from '../../plugins/errors.ts'
import { verifyGuestProof } from '../guest-verification/proof.ts'

/** Who is booking: a signed-in account, or a guest whose e-mail a one-time code has proved. */
export type Requester =
  | {
      kind: 'user'
      userId: string
      email: string
      firstName: string
      lastName: string
      mobile: string | null
    }
  | { kind: 'guest'; email: string; firstName: string; lastName: string; mobile: string }

/** Idempotency keys and order access belong to one requester. */
export function requesterScope(requester: Requester): string {
  return requester.kind === 'user' ? `user:${requester.userId}` : `guest:${requester.email.toLowerCase()}`
}

export function notVerified(): HttpError {
  return new HttpError(403, 'VERIFY_EMAIL_FIRST', { fields: { email: 'VERIFY_EMAIL_FIRST' } })
}

/** The signed-in account as a requester, if any (a guest session is not an account). */
export async function accountRequester(db: Database, viewer: Viewer) {
  if (viewer.kind !== 'user') return undefined
  const profile = await db
    .selectFrom('user_profiles')
    .select(['first_name', 'last_name', 'mobile_number'])
    .where('id', '=', viewer.id)
    .executeTakeFirst()
  return {
    kind: 'user' as const,
    userId: viewer.id,
    email: viewer.email,
    firstName: profile?.first_name ?? viewer.name.split(' ')[0] ?? '',
    lastName: profile?.last_name ?? '',
    mobile: profile?.mobile_number ?? null,
  }
}

/** The e-mail a guest's proof was issued for, or a 403 when it is missing, altered or expired. */
export function provenEmail(secret: string, proof: string | undefined, now: Date): string {
  const verified = proof ? verifyGuestProof(secret, proof, now) : undefined
  if (!verified) throw notVerified()
  return verified.email
}

/** Who is booking: the signed-in account, else the guest whose e-mail proof is current. */
export async function resolveRequester(
  deps: { db: Database; secret: string; now: Date },
  viewer: Viewer,
  guest: OrderGuest | undefined,
): Promise<Requester> {
  const account = await accountRequester(deps.db, viewer)
  if (account) return account
  if (!guest) throw new HttpError(400, 'GUEST_DETAILS_REQUIRED', { fields: { guest: 'NAMES_REQUIRED' } })
  const email = provenEmail(deps.secret, guest.proof, deps.now)
  if (email !== guest.email.trim().toLowerCase()) throw notVerified()
  return {
    kind: 'guest',
    email: guest.email.trim(),
    firstName: guest.firstName,
    lastName: guest.lastName,
    mobile: guest.mobileNumber,
  }
}
