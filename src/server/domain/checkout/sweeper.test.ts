import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts'
import { purgeOldRecords } from './sweeper.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the checkout sweeper', () => {
  it('forgets idempotency keys after 24 hours and one-time codes after a day, and keeps newer ones', async () => {
    const db = t.database.db
    for (const [key, hoursAgo] of [
      ['old-key-0001', 25],
      ['new-key-0001', 23],
    ] as const) {
      await db
        .insertInto('idempotency_keys')
        .values({ scope: 'user:1', key, request_hash: 'h', status_code: 201, response: '{}' })
        .execute()
      await sql`UPDATE idempotency_keys SET created_at = now() - make_interval(hours => ${hoursAgo}) WHERE key = ${key}`.execute(
        db,
      )
    }
    for (const [email, hoursAgo] of [
      ['old@example.bh', 30],
      ['new@example.bh', 2],
    ] as const)
      await db
        .insertInto('guest_email_codes')
        .values({
          email,
          code_hash: 'h',
          expires_at: new Date(),
          created_at: new Date(Date.now() - hoursAgo * 3600_000),
        })
        .execute()

    await purgeOldRecords(db)
    expect((await db.selectFrom('idempotency_keys').select('key').execute()).map((r) => r.key)).toEqual([
      'new-key-0001',
    ])
    expect((await db.selectFrom('guest_email_codes').select('email').execute()).map((r) => r.email)).toEqual([
      'new@example.bh',
    ])
  })
})
