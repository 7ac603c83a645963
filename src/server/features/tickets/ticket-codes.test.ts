import { describe, expect, it } from 'vitest'
import {
  isTicketSignatureOf,
  manageToken,
  readManageToken,
  readTicketText,
  ticketPayload,
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

describe('manage token', () => {
  it('names its booking and version, and is refused once changed or forged', () => {
    const token = manageToken(secret, { id: 42, manage_version: 1 })
    expect(readManageToken(secret, token)).toEqual({ id: 42, version: 1 })
    expect(readManageToken(secret, token.replace(/^42\./, '43.'))).toBeUndefined()
    expect(readManageToken(secret, token.replace(/\.1\./, '.2.'))).toBeUndefined()
    expect(readManageToken('another-secret-of-the-same-kind-and-size', token)).toBeUndefined()
    expect(readManageToken(secret, `${token}x`)).toBeUndefined()
  })

  it('cannot be made from a ticket payload, nor the other way round', () => {
    const signature = ticketPayload(secret, booking).split('.')[1]
    expect(readManageToken(secret, `42.1.${signature}`)).toBeUndefined()
  })
})
