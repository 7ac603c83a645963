import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { guestProofMinutes, issueGuestProof, verifyGuestProof } from './proof.ts'

const secret = 'a-test-secret-of-at-least-32-characters!'
const now = new Date('2025-03-01T09:00:00Z')
const minutes = (n: number) => new Date(now.getTime() + n * 60_000)

function decode(proof: string) {
  const [payload = ''] = proof.split('.')
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
}

describe('guest proof', () => {
  it('names the lower-cased address it was issued for, for 30 minutes', () => {
    const { proof, expiresAt } = issueGuestProof(secret, ' Noor@Example.BH ', now)
    expect(expiresAt.toISOString()).toBe('2025-03-01T09:30:00.000Z')
    expect(guestProofMinutes).toBe(30)
    expect(verifyGuestProof(secret, proof, now)).toEqual({ email: 'noor@example.bh' })
    expect(verifyGuestProof(secret, proof, minutes(29))).toEqual({ email: 'noor@example.bh' })
    expect(verifyGuestProof(secret, proof, minutes(30))).toBeUndefined()
    expect(verifyGuestProof(secret, proof, minutes(60))).toBeUndefined()
  })

  it('refuses a payload changed to another address or a later expiry', () => {
    const { proof } = issueGuestProof(secret, 'noor@example.bh', now)
    const [, signature] = proof.split('.')
    const claims = decode(proof)
    for (const changed of [
      { ...claims, email: 'someone@else.bh' },
      { ...claims, exp: claims.exp + 3600 },
    ]) {
      const payload = Buffer.from(JSON.stringify(changed)).toString('base64url')
      expect(verifyGuestProof(secret, `${payload}.${signature}`, now)).toBeUndefined()
    }
  })

  it('refuses a changed signature, even one that decodes to the same bytes', () => {
    const { proof } = issueGuestProof(secret, 'noor@example.bh', now)
    const [payload, signature = ''] = proof.split('.')
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    expect(verifyGuestProof(secret, `${payload}.${flipped}`, now)).toBeUndefined()
    expect(verifyGuestProof(secret, `${payload}.${signature}!`, now)).toBeUndefined()
    expect(verifyGuestProof(secret, `${payload}.`, now)).toBeUndefined()
  })

  it('refuses a proof signed with another secret', () => {
    const { proof } = issueGuestProof('another-secret-of-at-least-32-characters', 'noor@example.bh', now)
    expect(verifyGuestProof(secret, proof, now)).toBeUndefined()
  })

  it('refuses malformed proofs without throwing', () => {
    const signed = (payload: string) =>
      `${payload}.${createHmac('sha256', secret).update(`guest-proof|${payload}`).digest('base64url')}`
    const encode = (text: string) => Buffer.from(text).toString('base64url')
    for (const proof of [
      '',
      '.',
      'abc',
      'a.b.c',
      signed(encode('not json')),
      signed(encode('null')),
      signed(encode('"noor@example.bh"')),
      signed(encode(JSON.stringify({ email: 'noor@example.bh' }))),
      signed(encode(JSON.stringify({ email: 42, exp: 9_999_999_999 }))),
      signed(encode(JSON.stringify({ email: 'noor@example.bh', exp: '9999999999' }))),
    ])
      expect(verifyGuestProof(secret, proof, now)).toBeUndefined()
    // The same construction with good claims is accepted, so the refusals above are about the claims.
    expect(
      verifyGuestProof(secret, signed(encode(JSON.stringify({ email: 'a@b.bh', exp: 9_999_999_999 }))), now),
    ).toEqual({ email: 'a@b.bh' })
  })
})
