import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The codes on a ticket (docs/decisions/022), all derived with AUTH_SECRET and stored nowhere:
 *
 * - the **ticket payload** in the QR code, `DP-7K3M-Q9AB.<43 characters>`: the booking's reference
 *   and an HMAC of its id and random salt. The reference finds the booking; the HMAC proves the
 *   holder was sent the ticket. Someone with a copy of the database still cannot make one.
 * - the **guest links** to a guest's booking page: the booking's id and manage version, signed. The
 *   manage token (`<id>.<version>.<signature>`, in the confirmation and reminder mails) reads and
 *   cancels; the view token (`<id>.<version>.v.<signature>`, in the `.ics` file, the cancellation
 *   mail and the page after a cancel) only reads, without the QR code. Raising the version (a
 *   cancellation) revokes every older link of both kinds (docs/decisions/031).
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

/** What a guest link lets its holder do: `manage` reads and cancels, `view` only reads. */
export type GuestLinkScope = 'manage' | 'view'

// Each scope signs with its own prefix: neither token can be turned into the other.
const guestLinkPrefix: Record<GuestLinkScope, string> = { manage: 'manage', view: 'booking-view' }

function guestLink(secret: string, booking: { id: number; manage_version: number }, scope: GuestLinkScope) {
  const body = `${booking.id}.${booking.manage_version}`
  const signature = sign(secret, `${guestLinkPrefix[scope]}|${body}`)
  return scope === 'manage' ? `${body}.${signature}` : `${body}.v.${signature}`
}

/** The guest's link with every right: reading the booking with its ticket, and cancelling. */
export function manageToken(secret: string, booking: { id: number; manage_version: number }): string {
  return guestLink(secret, booking, 'manage')
}

/** A read-only link: safe to leave in a calendar, it can neither cancel nor show the ticket. */
export function viewToken(secret: string, booking: { id: number; manage_version: number }): string {
  return guestLink(secret, booking, 'view')
}

/**
 * The booking id, version and scope a guest link names, when its signature holds for that scope;
 * undefined otherwise. Whether it is still current is for `openGuestLink` (guest-links.ts).
 */
export function readGuestLink(
  secret: string,
  token: string,
): { id: number; version: number; scope: GuestLinkScope } | undefined {
  const match = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,8})\.(?:(v)\.)?([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return undefined
  const [, id, version, view, signature] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
  ]
  const scope: GuestLinkScope = view ? 'view' : 'manage'
  if (!sameText(sign(secret, `${guestLinkPrefix[scope]}|${id}.${version}`), signature)) return undefined
  return { id: Number(id), version: Number(version), scope }
}

export function manageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/booking/${encodeURIComponent(token)}`
}
