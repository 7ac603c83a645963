import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from '../../platform/db/database.ts'
import { seedIfEmpty } from '../../seed.ts'
import { resizePlaces, type Slot, takePlaces } from './slot-occupancy.ts'

let database: DatabaseHandle
let venueId: string

beforeAll(async () => {
  database = await createTestDatabase()
  await seedIfEmpty(database.db)
  const venue = await database.db.selectFrom('venues').select('id').orderBy('id').executeTakeFirstOrThrow()
  venueId = venue.id
})
afterAll(() => database?.close())

async function taken(slot: Slot) {
  const row = await database.db
    .selectFrom('slot_occupancy')
    .select('taken')
    .where('venue_id', '=', slot.venueId)
    .where('slot_date', '=', slot.date)
    .where('slot_hour', '=', slot.hour)
    .executeTakeFirst()
  return row?.taken
}

describe('a booking’s places on its slot', () => {
  it('grows under the slot’s capacity, refuses growth past it, and shrinks', async () => {
    const slot: Slot = { venueId, date: '2026-12-10', hour: 10, capacity: 5 }
    expect(await takePlaces(database.db, [{ ...slot, count: 3, lineIndexes: [0] }])).toEqual([])

    expect(await resizePlaces(database.db, slot, 3, 5)).toBe(true)
    expect(await taken(slot)).toBe(5)

    expect(await resizePlaces(database.db, slot, 1, 2)).toBe(false)
    expect(await taken(slot)).toBe(5)

    expect(await resizePlaces(database.db, slot, 5, 2)).toBe(true)
    expect(await taken(slot)).toBe(2)

    expect(await resizePlaces(database.db, slot, 2, 2)).toBe(true)
    expect(await taken(slot)).toBe(2)
  })
})
