import { catalogSeeder } from './domain/catalog/seed.ts'
import type { Database } from './platform/db/database.ts'
import type { Seeder } from './platform/db/seeder.ts'

/** Seeders in order. Feature domains add theirs here (the catalog adds its venues). */
export const seeders: Seeder[] = [catalogSeeder]

/**
 * Fills an empty database with the starting data, once. A row in app_settings marks a database
 * as seeded, so a restart, or data an operator has since edited, is left alone.
 */
export async function seedIfEmpty(db: Database, list: Seeder[] = seeders): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .insertInto('app_settings')
      .values({ key: 'seeded_at', value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst()
    if (!marker) return false
    for (const seeder of list) await seeder.run(trx)
    return true
  })
}
