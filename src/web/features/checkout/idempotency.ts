import { useRef } from 'react'
import { ApiError } from '../../lib/api-client.ts'

/**
 * The Idempotency-Key for placing an order. The key stays the same while the request body does, so a
 * double click or a retry after a lost answer books once; a different body, or a retry after the
 * server has definitely refused the request, gets a fresh key (reusing it would be a 422).
 */
export class IdempotencyKeys {
  #body: string | undefined
  #key: string | undefined

  keyFor(body: string): string {
    if (this.#key === undefined || body !== this.#body) {
      this.#body = body
      this.#key = crypto.randomUUID()
    }
    return this.#key
  }

  forget(): void {
    this.#body = undefined
    this.#key = undefined
  }
}

/**
 * The server answered and its answer will not change on retry: a 4xx other than a rate limit or a
 * still-running first attempt, or a payment whose amount did not match. A network failure or a 5xx
 * may have booked, so it keeps its key, and so does a request whose first attempt is still running.
 */
export function isDefinitiveFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.code === 'PAYMENT_MISMATCH') return true
  if (error.code === 'IDEMPOTENCY_KEY_IN_USE') return false
  return error.status >= 400 && error.status < 500 && error.status !== 429
}

/** One set of keys for the life of the component. */
export function useIdempotencyKeys(): IdempotencyKeys {
  const keys = useRef<IdempotencyKeys>(null)
  keys.current ??= new IdempotencyKeys()
  return keys.current
}
