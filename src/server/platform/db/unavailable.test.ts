import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable.ts'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

describe('telling a database outage from a fault', () => {
  it('knows a server that is down, shutting down, starting up or cut off', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true)
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true)
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(
      isDatabaseUnavailable(
        new Error('Migration failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
      ),
    ).toBe(true)
  })

  it('leaves every other error a fault', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    )
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false)
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false)
  })
})
