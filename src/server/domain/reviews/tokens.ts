import { readSignedId, signId } from '../../platform/identity/signed-id.ts'

/** A visit's review link (`<visit id>.<signature>`), under its own scope: it opens nothing else. */
export function reviewToken(secret: string, visitId: number): string {
  return signId(secret, 'visit-review', visitId)
}

/** The visit a review token names, when its signature holds; undefined for a forged or altered one. */
export function readReviewToken(secret: string, token: string): number | undefined {
  return readSignedId(secret, 'visit-review', token)
}

export function reviewUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, '')}/reviews/${token}`
}
