import { Readable } from 'node:stream'
import type { Database } from '../../platform/db/database.ts'
import { isPhotoKey, type PhotoStorage, photoHash } from './storage.ts'

function checkedKey(key: string): string {
  if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`)
  return key
}

/**
 * Photos as rows of photo_files (migration 020), one row a file: every server on the database
 * serves what any of them stored (docs/decisions/038). Keys are checked as on the disk; the table
 * checks their shape once more.
 */
export function databasePhotoStorage(db: Database): PhotoStorage {
  return {
    async put(key, bytes, contentType) {
      const row = {
        key: checkedKey(key),
        content_type: contentType,
        size: bytes.length,
        sha256: photoHash(bytes),
        bytes,
      }
      // A name is never reused, so a second put of a key is the same file sent again: it replaces.
      await db
        .insertInto('photo_files')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            content_type: row.content_type,
            size: row.size,
            sha256: row.sha256,
            bytes: row.bytes,
          }),
        )
        .execute()
    },
    async get(key) {
      if (!isPhotoKey(key)) return undefined
      const row = await db
        .selectFrom('photo_files')
        .select(['content_type', 'size', 'sha256', 'bytes'])
        .where('key', '=', key)
        .executeTakeFirst()
      if (!row) return undefined
      return {
        body: Readable.from(row.bytes),
        size: row.size,
        contentType: row.content_type,
        sha256: row.sha256,
      }
    },
    async delete(keys) {
      const checked = keys.map(checkedKey)
      if (checked.length) await db.deleteFrom('photo_files').where('key', 'in', checked).execute()
    },
  }
}

/** The stored files' hashes by key, for those of `keys` the table has (the copy from the disk). */
export async function storedPhotoHashes(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  if (!keys.length) return new Map()
  const rows = await db
    .selectFrom('photo_files')
    .select(['key', 'sha256'])
    .where('key', 'in', [...keys])
    .execute()
  return new Map(rows.map((row) => [row.key, row.sha256]))
}
