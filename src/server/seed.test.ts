import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/support/test-database.ts'
import type { DatabaseHandle } from './platform/db/database.ts'
import type { Seeder } from './platform/db/seeder.ts'
import { seedIfEmpty } from './seed.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

describe('seedIfEmpty', () => {
  it('seeds a new database once, and never again', async () => {
    let runs = 0
    const seeder: Seeder = {
      name: 'probe',
      async run(db) {
        runs++
        await db.insertInto('app_settings').values({ key: 'probe', value: 'seeded' }).execute()
      },
    }
    expect(await seedIfEmpty(database.db, [seeder])).toBe(true)
    expect(await seedIfEmpty(database.db, [seeder])).toBe(false)
    expect(runs).toBe(1)
    const probe = await database.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'probe')
      .executeTakeFirst()
    expect(probe?.value).toBe('seeded')
  })

  it('leaves no marker behind when a seeder fails, so the next start tries again', async () => {
    const fresh = await createTestDatabase()
    try {
      const failing: Seeder = {
        name: 'failing',
        async run() {
          throw new Error('seed data is broken')
        },
      }
      await expect(seedIfEmpty(fresh.db, [failing])).rejects.toThrow('seed data is broken')
      const marker = await fresh.db.selectFrom('app_settings').where('key', '=', 'seeded_at').execute()
      expect(marker).toEqual([])
    } finally {
      await fresh.close()
    }
  })
})
