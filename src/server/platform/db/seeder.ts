import type { Database } from './database.ts'

/** A feature's starting data, written once into an empty database (the list is in ../seed.ts). */
export interface Seeder {
  name: string
  run(db: Database): Promise<void>
}
