import { createHmac, timingSafeEqual } from 'node:crypto'

/** Currencies Tap writes with 3 decimals in the signed string; the others with 2. */
const threeDecimalCurrencies = new Set(['BHD', 'KWD', 'OMR', 'JOD'])

type Loose = Record<string, unknown>

function field(value: unknown, ...path: string[]): string {
  let current: unknown = value
  for (const key of path)
    current = current && typeof current === 'object' ? (current as Loose)[key] : undefined
  return current === undefined || current === null ? '' : String(current)
}

/**
 * The text Tap signs for a charge's webhook: `x_id…x_amount…x_currency…x_gateway_reference…
 * x_payment_reference…x_status…x_created…`, the amount written to its currency's decimals (3 for
 * BHD). docs/decisions/049 records the fields and where they come from.
 */
export function tapSignedText(charge: unknown): string {
  const currency = field(charge, 'currency')
  const amount = Number(field(charge, 'amount'))
  const decimals = threeDecimalCurrencies.has(currency) ? 3 : 2
  const written = Number.isFinite(amount) ? amount.toFixed(decimals) : field(charge, 'amount')
  return [
    `x_id${field(charge, 'id')}`,
    `x_amount${written}`,
    `x_currency${currency}`,
    `x_gateway_reference${field(charge, 'reference', 'gateway')}`,
    `x_payment_reference${field(charge, 'reference', 'payment')}`,
    `x_status${field(charge, 'status')}`,
    `x_created${field(charge, 'transaction', 'created')}`,
  ].join('')
}

/** Tap's hashstring for a charge: HMAC-SHA256 of tapSignedText keyed with the secret key, in hex. */
export function tapHashString(charge: unknown, secretKey: string): string {
  return createHmac('sha256', secretKey).update(tapSignedText(charge)).digest('hex')
}

/**
 * Whether `hashstring` is the charge's signature, compared in constant time (Tap's own sample uses
 * `==`, which tells an attacker how much of a guess was right by how long it took).
 */
export function verifyTapSignature(
  charge: unknown,
  hashstring: string | undefined,
  secretKey: string,
): boolean {
  if (!hashstring || !secretKey || !charge || typeof charge !== 'object') return false
  const expected = Buffer.from(tapHashString(charge, secretKey), 'utf8')
  const given = Buffer.from(hashstring.trim().toLowerCase(), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}
