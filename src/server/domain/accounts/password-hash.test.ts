import { randomBytes, scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, owaspScrypt, verifyPassword } from './password-hash.ts'

describe('password hashes', () => {
  it('use scrypt at OWASP’s parameters, with a fresh salt each time, and name them', async () => {
    const first = await hashPassword('correct horse battery')
    const second = await hashPassword('correct horse battery')
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/)
    expect(owaspScrypt).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    expect(first).not.toBe(second)
  })

  it('verify the right password only', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(await verifyPassword({ hash, password: 'correct horse battery' })).toBe(true)
    expect(await verifyPassword({ hash, password: 'correct horse batterY' })).toBe(false)
    expect(await verifyPassword({ hash, password: '' })).toBe(false)
  })

  it('treat a password typed in another Unicode form as the same (NFKC)', async () => {
    const hash = await hashPassword('café-lemon')
    expect(await verifyPassword({ hash, password: 'cafe\u0301-lemon' })).toBe(true)
  })

  it('still verify hashes made with better-auth’s default parameters', async () => {
    const salt = randomBytes(16).toString('hex')
    const key = scryptSync('older password', salt, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 })
    const legacy = `${salt}:${key.toString('hex')}`
    expect(await verifyPassword({ hash: legacy, password: 'older password' })).toBe(true)
    expect(await verifyPassword({ hash: legacy, password: 'another one' })).toBe(false)
  })

  it('refuse, without throwing, a stored value that is no hash', async () => {
    for (const hash of ['', 'nothing', 'scrypt$x$8$1$aa$bb', 'scrypt$131072$8$1$$']) {
      expect(await verifyPassword({ hash, password: 'anything' }), hash).toBe(false)
    }
  })
})
