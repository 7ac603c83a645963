import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from '../../platform/db/database.ts'
import { openDatabase } from '../../platform/db/database.ts'
import { copyDiskPhotosToDatabase } from './copy-to-database.ts'
import { databasePhotoStorage } from './database-storage.ts'
import { diskPhotoStorage } from './storage.ts'

const run = promisify(execFile)
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A disk store as a server on its own leaves it: two photos' files, and a crash's temporary file. */
async function diskWithPhotos(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'photos-copy-'))
  const disk = diskPhotoStorage(dataDir)
  await disk.put('barrys-fitness/p-0123456789ab-480.webp', Buffer.from('barrys webp'), 'image/webp')
  await disk.put('barrys-fitness/p-0123456789ab-480.avif', Buffer.from('barrys avif'), 'image/avif')
  await disk.put('vida-beach-hotel/p-ba9876543210-1440.webp', Buffer.from('vida webp'), 'image/webp')
  const leftover = join(dataDir, 'images', 'venues', 'barrys-fitness', 'p-0123456789ab-960.webp.1a2b3c.tmp')
  await writeFile(leftover, 'half a file')
  return dataDir
}

describe('copyDiskPhotosToDatabase', () => {
  let database: DatabaseHandle
  let dataDir: string
  beforeAll(async () => {
    database = await createTestDatabase()
    dataDir = await diskWithPhotos()
  })
  afterAll(async () => {
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('copies every photo file with its type and hash, and nothing twice when run again', async () => {
    expect(await copyDiskPhotosToDatabase(dataDir, database.db)).toEqual({
      copied: 3,
      alreadyThere: 0,
      differing: [],
      ignored: 1,
    })
    const stored = await databasePhotoStorage(database.db).get('barrys-fitness/p-0123456789ab-480.avif')
    expect(stored && { type: stored.contentType, sha256: stored.sha256 }).toEqual({
      type: 'image/avif',
      sha256: sha256(Buffer.from('barrys avif')),
    })
    expect(stored && (await buffer(stored.body)).toString()).toBe('barrys avif')

    expect(await copyDiskPhotosToDatabase(dataDir, database.db)).toEqual({
      copied: 0,
      alreadyThere: 3,
      differing: [],
      ignored: 1,
    })
    expect(await database.db.selectFrom('photo_files').select('key').orderBy('key').execute()).toEqual([
      { key: 'barrys-fitness/p-0123456789ab-480.avif' },
      { key: 'barrys-fitness/p-0123456789ab-480.webp' },
      { key: 'vida-beach-hotel/p-ba9876543210-1440.webp' },
    ])
  })

  it('copies only what is new, and leaves a file the database holds with other bytes as it is', async () => {
    const disk = diskPhotoStorage(dataDir)
    await disk.put('barrys-fitness/p-0123456789ab-960.webp', Buffer.from('uploaded since'), 'image/webp')
    const changed = 'vida-beach-hotel/p-ba9876543210-1440.webp'
    await databasePhotoStorage(database.db).put(changed, Buffer.from('other bytes'), 'image/webp')
    expect(await copyDiskPhotosToDatabase(dataDir, database.db)).toEqual({
      copied: 1,
      alreadyThere: 2,
      differing: [changed],
      ignored: 1,
    })
    expect((await databasePhotoStorage(database.db).get(changed))?.sha256).toBe(
      sha256(Buffer.from('other bytes')),
    )
  })

  it('finds nothing to copy where no photo was ever stored', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'photos-none-'))
    try {
      expect(await copyDiskPhotosToDatabase(empty, database.db)).toEqual({
        copied: 0,
        alreadyThere: 0,
        differing: [],
        ignored: 0,
      })
    } finally {
      await rm(empty, { recursive: true, force: true })
    }
  })
})

describe('npm run photos:to-database', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await diskWithPhotos()
    await mkdir(join(dataDir, 'images', 'venues', 'empty-venue'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  // The command as an operator runs it, on the embedded database in DATA_DIR (the copy itself is
  // tested above on the engine the tests run on).
  const command = () =>
    run(process.execPath, ['--import', 'tsx', 'scripts/photos-to-database.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PHOTO_STORAGE: '',
        NODE_ENV: 'development',
      },
    })

  it('prints what it copied, and copies nothing the second time', async () => {
    const first = await command()
    expect(first.stdout).toContain(
      '/images/venues/: 3 copied into the database, 0 already there, 1 not a photo’s (left alone).',
    )
    expect(first.stdout).toContain('set it to database')
    const second = await command()
    expect(second.stdout).toContain(': 0 copied into the database, 3 already there')

    const database = await openDatabase({ dataDir })
    try {
      const rows = await database.db
        .selectFrom('photo_files')
        .select(['key', 'sha256'])
        .orderBy('key')
        .execute()
      expect(rows.map((row) => row.key)).toEqual([
        'barrys-fitness/p-0123456789ab-480.avif',
        'barrys-fitness/p-0123456789ab-480.webp',
        'vida-beach-hotel/p-ba9876543210-1440.webp',
      ])
      expect(rows[2]?.sha256).toBe(sha256(Buffer.from('vida webp')))
    } finally {
      await database.close()
    }
  })
})
