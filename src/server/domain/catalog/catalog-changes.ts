import { sql } from 'kysely'
import type { DatabaseHandle } from '../../platform/db/database.ts'
import type { CatalogService } from './service.ts'

const channel = 'catalog_changed'

/** What a team route calls once an edit to the catalog has committed. */
export type AnnounceCatalogChange = () => Promise<void>

/**
 * Keeps every server process's catalog fresh (docs/decisions/021): an edit forgets the
 * cached catalog at once on the process that made it, and a NOTIFY tells every other process
 * (each LISTENs) to forget theirs, well within a second instead of the cache's 30 s. The
 * server-rendered pages follow by themselves: their cache is keyed by the catalog's answers.
 */
export async function watchCatalogChanges(
  database: DatabaseHandle,
  catalog: Pick<CatalogService, 'invalidate'>,
): Promise<{ announce: AnnounceCatalogChange; stop(): Promise<void> }> {
  const forget = () => catalog.invalidate()
  const stop = await database.listen(channel, forget, forget)
  return {
    async announce() {
      forget()
      await sql`SELECT pg_notify(${channel}, '')`.execute(database.db)
    },
    stop,
  }
}
