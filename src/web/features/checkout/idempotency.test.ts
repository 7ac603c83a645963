import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client.ts'
import { IdempotencyKeys, isDefinitiveFailure } from './idempotency.ts'

describe('idempotency keys', () => {
  it('stay the same for the same body, so a retry replays the first answer', () => {
    const keys = new IdempotencyKeys()
    const first = keys.keyFor('{"items":[1]}')
    expect(first).toMatch(/^[A-Za-z0-9_:-]{8,200}$/)
    expect(keys.keyFor('{"items":[1]}')).toBe(first)
  })

  it('change with the body', () => {
    const keys = new IdempotencyKeys()
    const first = keys.keyFor('{"items":[1]}')
    const second = keys.keyFor('{"items":[2]}')
    expect(second).not.toBe(first)
    expect(keys.keyFor('{"items":[1]}')).not.toBe(first)
  })

  it('are new after being forgotten, even for the same body', () => {
    const keys = new IdempotencyKeys()
    const first = keys.keyFor('{"items":[1]}')
    keys.forget()
    expect(keys.keyFor('{"items":[1]}')).not.toBe(first)
  })
})

describe('a definitive failure', () => {
  it('is a refusal the server will repeat', () => {
    expect(isDefinitiveFailure(new ApiError(409, 'ITEMS_UNAVAILABLE', 'gone'))).toBe(true)
    expect(isDefinitiveFailure(new ApiError(403, 'VERIFY_EMAIL_FIRST', 'verify'))).toBe(true)
    expect(isDefinitiveFailure(new ApiError(402, 'PAYMENT_DECLINED', 'declined'))).toBe(true)
    expect(isDefinitiveFailure(new ApiError(502, 'PAYMENT_MISMATCH', 'mismatch'))).toBe(true)
  })

  it('is not a lost answer, an outage, a rate limit or a first attempt still running: those keep the key', () => {
    expect(isDefinitiveFailure(new TypeError('Failed to fetch'))).toBe(false)
    expect(isDefinitiveFailure(new ApiError(500, 'INTERNAL', 'oops'))).toBe(false)
    expect(isDefinitiveFailure(new ApiError(502, 'PAYMENT_UNAVAILABLE', 'down'))).toBe(false)
    expect(isDefinitiveFailure(new ApiError(429, 'RATE_LIMITED', 'slow down'))).toBe(false)
    expect(isDefinitiveFailure(new ApiError(409, 'IDEMPOTENCY_KEY_IN_USE', 'wait'))).toBe(false)
  })
})
