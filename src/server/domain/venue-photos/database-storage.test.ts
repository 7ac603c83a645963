import { createHash } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from '../../platform/db/database.ts'
import { databasePhotoStorage, storedPhotoHashes } from './database-storage.ts'
import type { PhotoStorage } from './storage.ts'

let database: DatabaseHandle
let storage: PhotoStorage

beforeAll(async () => {
  database = await createTestDatabase()
  storage = databasePhotoStorage(database.db)
})
afterAll(async () => {
  await database.close()
})

const key = 'barrys-fitness/p-0123456789ab-960.webp'
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
/** Every byte value, so an encoding slip (text, escapes) would show. */
const bytes = Buffer.from(Array.from({ length: 1024 }, (_, n) => n % 256))

describe('databasePhotoStorage', () => {
  it('keeps the bytes in photo_files with their type, size and hash, and reads them back whole', async () => {
    await storage.put(key, bytes, 'image/webp')
    const row = await database.db
      .selectFrom('photo_files')
      .select(['content_type', 'size', 'sha256'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ content_type: 'image/webp', size: 1024, sha256: sha256(bytes) })
    const stored = await storage.get(key)
    if (!stored) throw new Error('not stored')
    expect({ size: stored.size, type: stored.contentType, sha256: stored.sha256 }).toEqual({
      size: 1024,
      type: 'image/webp',
      sha256: sha256(bytes),
    })
    expect((await buffer(stored.body)).equals(bytes)).toBe(true)
  })

  it('takes the same key again as the file sent again, and deletes, missing keys being no error', async () => {
    const again = Buffer.from('the same file, sent again')
    await storage.put(key, again, 'image/webp')
    expect((await storage.get(key))?.sha256).toBe(sha256(again))
    expect(await storedPhotoHashes(database.db, [key, 'barrys-fitness/p-0123456789ab-480.avif'])).toEqual(
      new Map([[key, sha256(again)]]),
    )
    await storage.delete([key, 'barrys-fitness/p-0123456789ab-480.avif'])
    expect(await storage.get(key)).toBeUndefined()
    await storage.delete([])
  })

  it('refuses keys outside the photo shape: nothing written, read or deleted', async () => {
    for (const bad of ['../escape/p-0123456789ab-960.webp', 'barrys-fitness/../p-0123456789ab-960.webp'])
      await expect(storage.put(bad, bytes, 'image/webp'), bad).rejects.toThrow(/not a photo key/)
    expect(await storage.get('../../package.json')).toBeUndefined()
    await expect(storage.delete([key, '../../package.json'])).rejects.toThrow(/not a photo key/)
    expect(await database.db.selectFrom('photo_files').select('key').execute()).toEqual([])
  })

  it('has the table refuse a key of another shape, whoever writes it', async () => {
    await expect(
      sql`INSERT INTO photo_files (key, content_type, size, sha256, bytes)
          VALUES ('../x/p-0123456789ab-960.webp', 'image/webp', 1, ${sha256(Buffer.from('x'))}, ${Buffer.from('x')})`.execute(
        database.db,
      ),
    ).rejects.toThrow(/check constraint/)
  })
})
