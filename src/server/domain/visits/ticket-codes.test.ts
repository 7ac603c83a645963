import { describe, expect, it } from 'vitest'
import {
  isTicketSignatureOf,
  manageToken,
  readGuestLink,
  readTicketText,
  ticketPayload,
  viewToken,
} from './ticket-codes.ts'

const secret = 'a-test-secret-that-is-long-enough-for-hmac'
const booking = { id: 42, reference: 'DP-7K3M-Q9AB', ticket_salt: 'f'.repeat(64) }

describe('ticket payload', () => {
  it('is the reference and a signature that only this booking, salt and secret produce', () => {
    const payload = ticketPayload(secret, booking)
    expect(payload).toMatch(/^DP-7K3M-Q9AB\.[A-Za-z0-9_-]{43}$/)
    const read = readTicketText(payload)
    expect(read?.reference).toBe('DP-7K3M-Q9AB')
    expect(isTicketSignatureOf(secret, booking, read?.signature ?? '')).toBe(true)
    expect(
      isTicketSignatureOf('another-secret-of-the-same-kind-and-size', booking, read?.signature ?? ''),
    ).toBe(false)
    expect(
      isTicketSignatureOf(secret, { ...booking, ticket_salt: 'e'.repeat(64) }, read?.signature ?? ''),
    ).toBe(false)
    expect(isTicketSignatureOf(secret, { ...booking, id: 43 }, read?.signature ?? '')).toBe(false)
  })

  it('reads a reference typed by hand, in any case and with spaces, but nothing else', () => {
    expect(readTicketText(' dp-7k3m-q9ab ')).toEqual({ reference: 'DP-7K3M-Q9AB' })
    expect(readTicketText('DP-7K3M -Q9AB')).toEqual({ reference: 'DP-7K3M-Q9AB' })
    // Look-alike characters are not in the alphabet, so a misread is refused rather than matched.
    expect(readTicketText('DP-7K3M-Q9A0')).toBeUndefined()
    expect(readTicketText('DP-7K3M-Q9AB.short')).toBeUndefined()
    expect(readTicketText('<script>')).toBeUndefined()
    expect(readTicketText('')).toBeUndefined()
  })
})

describe('guest links', () => {
  it('name their booking, version and scope, and are refused once changed or forged', () => {
    const token = manageToken(secret, { id: 42, manage_version: 1 })
    expect(readGuestLink(secret, token)).toEqual({ id: 42, version: 1, scope: 'manage' })
    expect(readGuestLink(secret, token.replace(/^42\./, '43.'))).toBeUndefined()
    expect(readGuestLink(secret, token.replace(/\.1\./, '.2.'))).toBeUndefined()
    expect(readGuestLink('another-secret-of-the-same-kind-and-size', token)).toBeUndefined()
    expect(readGuestLink(secret, `${token}x`)).toBeUndefined()
  })

  it('cannot be made from a ticket payload, nor the other way round', () => {
    const signature = ticketPayload(secret, booking).split('.')[1]
    expect(readGuestLink(secret, `42.1.${signature}`)).toBeUndefined()
    expect(readGuestLink(secret, `42.1.v.${signature}`)).toBeUndefined()
  })

  it('keep their scope: a view link is no manage link, and no scope can be written in', () => {
    const view = viewToken(secret, { id: 42, manage_version: 1 })
    const manage = manageToken(secret, { id: 42, manage_version: 1 })
    expect(view).toMatch(/^42\.1\.v\.[A-Za-z0-9_-]{43}$/)
    expect(readGuestLink(secret, view)).toEqual({ id: 42, version: 1, scope: 'view' })
    // Dropping the mark, or adding it (or another) to a manage link, breaks the signature.
    expect(readGuestLink(secret, view.replace('.v.', '.'))).toBeUndefined()
    expect(readGuestLink(secret, manage.replace(/^42\.1\./, '42.1.v.'))).toBeUndefined()
    expect(readGuestLink(secret, manage.replace(/^42\.1\./, '42.1.m.'))).toBeUndefined()
    expect(readGuestLink(secret, view.replace('.v.', '.m.'))).toBeUndefined()
  })
})
