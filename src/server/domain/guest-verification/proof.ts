import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a guest may take between verifying the e-mail and placing (and paying for) the order. */
export const guestProofMinutes = 30

export interface GuestProof {
  proof: string
  expiresAt: Date
}

function sign(secret: string, payload: string): string {
  // The prefix keeps these signatures apart from anything else signed with the same secret.
  return createHmac('sha256', secret).update(`guest-proof|${payload}`).digest('base64url')
}

/**
 * A stateless, signed statement "this visitor proved control of this address until exp":
 * base64url(JSON {email, exp}) + '.' + base64url(HMAC-SHA256). The order endpoint checks it, so a
 * guest booking can only be made for an address whose code was entered.
 */
export function issueGuestProof(secret: string, email: string, now: Date): GuestProof {
  const expiresAt = new Date(now.getTime() + guestProofMinutes * 60_000)
  const payload = Buffer.from(
    JSON.stringify({ email: email.trim().toLowerCase(), exp: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url')
  return { proof: `${payload}.${sign(secret, payload)}`, expiresAt }
}

/** The address a proof was issued for, or undefined when it is malformed, tampered with or expired. */
export function verifyGuestProof(secret: string, proof: string, now: Date): { email: string } | undefined {
  const parts = proof.split('.')
  if (parts.length !== 2) return undefined
  const [payload = '', signature = ''] = parts
  // Compare the encoded strings, not decoded bytes: base64 decoding skips stray characters.
  const expected = Buffer.from(sign(secret, payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof claims !== 'object' || claims === null) return undefined
  const { email, exp } = claims as { email?: unknown; exp?: unknown }
  if (typeof email !== 'string' || typeof exp !== 'number') return undefined
  if (exp * 1000 <= now.getTime()) return undefined
  return { email }
}
