import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The codes on a ticket (docs/decisions/022), all derived with AUTH_SECRET and stored nowhere:
 *
 * - the **ticket payload** in the QR code, `DP-7K3M-Q9AB.<43 characters>`: the booking's reference
 *   and an HMAC of its id and random salt. The reference finds the booking; the HMAC proves the
 *   holder was sent the ticket. Someone with a copy of the database still cannot make one.
 * - the **manage token** in a guest's "View or manage your booking" link: the booking's id and
 *   manage version, signed. Raising the version (a change to the booking) revokes older links.
 *
 * Each signature has its own prefix, so neither can stand in for the other or for anything else
 * signed with the same secret.
 */
export interface TicketHolder {
  id: number
  reference: string
  ticket_salt: string
}

function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url')
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function ticketPayload(secret: string, booking: TicketHolder): string {
  return `${booking.reference}.${sign(secret, `ticket|${booking.id}|${booking.ticket_salt}`)}`
}

/** What the desk read, a payload or a reference typed by hand: see src/shared/normalise. */
export { readTicketText } from '../../../shared/normalise/ticket-reference.ts'

export function isTicketSignatureOf(secret: string, booking: TicketHolder, signature: string): boolean {
  return sameText(ticketPayload(secret, booking), `${booking.reference}.${signature}`)
}

export function manageToken(secret: string, booking: { id: number; manage_version: number }): string {
  const body = `${booking.id}.${booking.manage_version}`
  return `${body}.${sign(secret, `manage|${body}`)}`
}

/** The booking id and version a manage token names, when its signature holds; undefined otherwise. */
export function readManageToken(secret: string, token: string): { id: number; version: number } | undefined {
  const match = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const [, id, version, signature] = match as unknown as [string, string, string, string]
  if (!sameText(sign(secret, `manage|${id}.${version}`), signature)) return undefined
  return { id: Number(id), version: Number(version) }
}

export function manageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/booking/${encodeURIComponent(token)}`
}
