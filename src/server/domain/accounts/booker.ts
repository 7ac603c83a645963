import type { OrderGuest } from '../../../shared/checkout.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { Caller } from '../../platform/identity/caller.ts'
import { verifyGuestProof } from '../guest-verification/proof.ts'

/** Who is booking: a signed-in account, or a guest whose e-mail a one-time code has proved. */
export type Booker =
  | {
      kind: 'account'
      userId: string
      email: string
      firstName: string
      lastName: string
      mobile: string | null
    }
  | { kind: 'guest'; email: string; firstName: string; lastName: string; mobile: string }

/** Idempotency keys and order access belong to one booker. */
export function bookerScope(booker: Booker): string {
  return booker.kind === 'account' ? `user:${booker.userId}` : `guest:${booker.email.toLowerCase()}`
}

export function notVerified(): HttpError {
  return new HttpError(403, 'VERIFY_EMAIL_FIRST', { fields: { email: 'VERIFY_EMAIL_FIRST' } })
}

/** The signed-in account as a booker, if any (a guest session is not an account). */
export async function accountBooker(db: Database, caller: Caller) {
  if (caller.kind !== 'account') return undefined
  const profile = await db
    .selectFrom('user_profiles')
    .select(['first_name', 'last_name', 'mobile_number'])
    .where('id', '=', caller.id)
    .executeTakeFirst()
  return {
    kind: 'account' as const,
    userId: caller.id,
    email: caller.email,
    firstName: profile?.first_name ?? caller.name.split(' ')[0] ?? '',
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
export async function resolveBooker(
  deps: { db: Database; secret: string; now: Date },
  caller: Caller,
  guest: OrderGuest | undefined,
): Promise<Booker> {
  const account = await accountBooker(deps.db, caller)
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
