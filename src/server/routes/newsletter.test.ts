import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function subscribe(payload: unknown, ip = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: payload as object,
    remoteAddress: ip,
  })
}

describe('POST /api/newsletter', () => {
  it('subscribes an address once; a second time, in any letter case, is refused', async () => {
    const first = await subscribe({ email: ' layla@example.bh ', language: 'ar' })
    expect(first.statusCode).toBe(201)
    const again = await subscribe({ email: 'Layla@Example.BH' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_SUBSCRIBED',
      message: 'This email is already subscribed',
    })
    const rows = await t.database.db.selectFrom('newsletter_subscriptions').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'layla@example.bh', language: 'ar' })
  })

  it('gives the spec’s messages for missing and malformed addresses, and writes nothing', async () => {
    const missing = await subscribe({})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.fields.email).toBe('EMAIL_REQUIRED')
    const empty = await subscribe({ email: '   ' })
    expect(empty.json().error.fields.email).toBe('EMAIL_REQUIRED')
    const malformed = await subscribe({ email: 'layla@' })
    expect(malformed.json().error.fields.email).toBe('EMAIL_INVALID')
    const count = await t.database.db
      .selectFrom('newsletter_subscriptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst()
    expect(Number(count?.n)).toBe(1)
  })

  it('limits how often one client can post', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await subscribe({ email: `burst${i}@example.bh` }, '10.9.9.9')).statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.at(-1)).toBe(429)
  })
})
