import { readSignedId, signId } from '../../platform/identity/signed-id.ts'

/** A request's signed link (`<id>.<signature>`), under its own scope: it opens no other kind of row. */
export function waitlistToken(secret: string, entryId: number): string {
  return signId(secret, 'waitlist-entry', entryId)
}

/** The request a token names, when its signature holds; undefined for a forged or altered one. */
export function readWaitlistToken(secret: string, token: string): number | undefined {
  return readSignedId(secret, 'waitlist-entry', token)
}
