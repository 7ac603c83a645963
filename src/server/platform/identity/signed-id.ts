import { createHmac, timingSafeEqual } from 'node:crypto'
import { signedTokenPattern } from '../../../shared/signed-token.ts'

/**
 * A row's id signed with AUTH_SECRET under a scope of its own: `<id>.<43 characters>`, the HMAC the
 * guest links use (docs/security.md, "Guest link lifetimes"). The scope is the signature's prefix,
 * so a token made for one purpose (an application's status page, a staff invitation, a waiting list request, a visit's review) stands in for
 * no other, nor for anything else signed with the same secret. Whether the row still admits the
 * holder (expired, used, withdrawn) is for the feature that reads it.
 */
export type SignedIdScope = 'application-status' | 'staff-invitation' | 'waitlist-entry' | 'visit-review'

const tokenPattern = new RegExp(`^${signedTokenPattern}$`)

function signature(secret: string, scope: SignedIdScope, id: number): string {
  return createHmac('sha256', secret).update(`${scope}|${id}`).digest('base64url')
}

export function signId(secret: string, scope: SignedIdScope, id: number): string {
  return `${id}.${signature(secret, scope, id)}`
}

/** The id a token names when its signature holds for this scope; undefined otherwise. */
export function readSignedId(secret: string, scope: SignedIdScope, token: string): number | undefined {
  if (!tokenPattern.test(token)) return undefined
  const [idText = '', given = ''] = token.split('.')
  const id = Number(idText)
  if (!Number.isSafeInteger(id)) return undefined
  const expected = Buffer.from(signature(secret, scope, id))
  const actual = Buffer.from(given)
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : undefined
}
