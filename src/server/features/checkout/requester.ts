import type { FastifyRequest } from 'fastify'
import { guestMessages, type OrderGuest } from '../../../shared/checkout.ts'
import type { Database } from '../../db/database.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { Auth } from '../accounts/auth.ts'
import { fetchHeaders } from '../accounts/auth-plugin.ts'
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
  return new HttpError(403, 'EMAIL_NOT_VERIFIED', guestMessages.verifyFirst, {
    email: guestMessages.verifyFirst,
  })
}

/** The signed-in account behind the request, if any (a guest session is not an account). */
export async function signedInAccount(auth: Auth, db: Database, request: FastifyRequest) {
  // No session cookie, no session: a guest's order skips better-auth's look-up altogether.
  const { sessionToken } = (await auth.$context).authCookies
  if (!request.headers.cookie?.includes(`${sessionToken.name}=`)) return undefined
  const session = await auth.api.getSession({ headers: fetchHeaders(request) }).catch(() => null)
  if (!session || (session.user as { isAnonymous?: boolean }).isAnonymous) return undefined
  const profile = await db
    .selectFrom('user_profiles')
    .select(['first_name', 'last_name', 'mobile_number'])
    .where('id', '=', session.user.id)
    .executeTakeFirst()
  return {
    kind: 'user' as const,
    userId: session.user.id,
    email: session.user.email,
    firstName: profile?.first_name ?? session.user.name.split(' ')[0] ?? '',
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

export async function resolveRequester(
  deps: { auth: Auth; db: Database; secret: string; now: Date },
  request: FastifyRequest,
  guest: OrderGuest | undefined,
): Promise<Requester> {
  const account = await signedInAccount(deps.auth, deps.db, request)
  if (account) return account
  if (!guest)
    throw new HttpError(400, 'GUEST_DETAILS_REQUIRED', 'Please enter your details, or sign in, to book.', {
      guest: guestMessages.namesRequired,
    })
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
