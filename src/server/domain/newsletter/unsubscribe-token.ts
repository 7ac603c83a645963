import { createHmac, timingSafeEqual } from 'node:crypto'
import { apiPath } from '../../../shared/endpoints/define.ts'
import { newsletterEndpoints } from '../../../shared/endpoints/newsletter.ts'

function sign(secret: string, id: number, email: string): string {
  // The prefix keeps these signatures apart from anything else signed with the same secret.
  return createHmac('sha256', secret).update(`newsletter-unsubscribe|${id}|${email}`).digest('base64url')
}

/**
 * The token in a newsletter mail's unsubscribe link: the subscription's id and an HMAC of it and
 * its address. Nothing is stored; it stops working once the subscription is gone (a new
 * subscription of the same address has a new id), and cannot be made without AUTH_SECRET.
 */
export function unsubscribeToken(secret: string, subscription: { id: number; email: string }): string {
  return `${subscription.id}.${sign(secret, subscription.id, subscription.email)}`
}

/** The subscription id a token names, before its signature is checked against the stored address. */
export function subscriptionIdOf(token: string): number | undefined {
  const match = /^([1-9][0-9]{0,15})\.[A-Za-z0-9_-]{43}$/.exec(token)
  return match ? Number(match[1]) : undefined
}

export function isUnsubscribeTokenOf(
  secret: string,
  token: string,
  subscription: { id: number; email: string },
): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, subscription))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${apiPath(newsletterEndpoints.unsubscribePage, {}, { token })}`
}
