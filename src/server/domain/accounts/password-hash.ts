import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with scrypt at OWASP's parameters (N = 2^17, r = 8, p = 1: 128 MiB and about a
 * quarter of a second per hash here), which ASVS level 2 asks for. better-auth's own default is
 * N = 2^14, r = 16, four times cheaper to guess.
 *
 * A hash names its parameters (`scrypt$N$r$p$salt$key`), so they can be raised later without
 * locking anyone out. Hashes made with better-auth's default (`salt:key`) still verify.
 */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

export const owaspScrypt: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }
const betterAuthDefault: ScryptParams = { N: 2 ** 14, r: 16, p: 1 }
const keyLength = 64

function derive(password: string, salt: string, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC as better-auth does, so a password typed with another Unicode form still matches.
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string, params: ScryptParams = owaspScrypt): Promise<string> {
  const salt = randomBytes(16).toString('hex')
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt, key.toString('hex')].join('$')
}

export async function verifyPassword({
  hash,
  password,
}: {
  hash: string
  password: string
}): Promise<boolean> {
  const parsed = parseHash(hash)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
}

function parseHash(hash: string): { params: ScryptParams; salt: string; key: Buffer } | undefined {
  const parts = hash.split('$')
  if (parts.length === 6 && parts[0] === 'scrypt') {
    const [N, r, p] = parts.slice(1, 4).map(Number)
    const [salt, key] = parts.slice(4)
    if (!N || !r || !p || !salt || !key) return undefined
    return { params: { N, r, p }, salt, key: Buffer.from(key, 'hex') }
  }
  const [salt, key] = hash.split(':')
  return salt && key ? { params: betterAuthDefault, salt, key: Buffer.from(key, 'hex') } : undefined
}
