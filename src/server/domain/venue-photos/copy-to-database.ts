import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Database } from '../../platform/db/database.ts'
import { databasePhotoStorage, storedPhotoHashes } from './database-storage.ts'
import { contentTypeOf, isPhotoKey, photoHash } from './storage.ts'

export interface CopyCounts {
  /** Files written to the database now. */
  copied: number
  /** Files the database held already, byte for byte. */
  alreadyThere: number
  /** Keys the database holds with other bytes: left as they are, for someone to look at. */
  differing: string[]
  /** Files under the folder that are not a photo's (a temporary file left by a crash, say). */
  ignored: number
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/**
 * Copies the photos of the disk store (`<dataDir>/images/venues/`) into photo_files, for a site
 * moving to PHOTO_STORAGE=database. A file the table already has is not written again, so the
 * copy can be run as often as needed (and again after a server still on the disk took uploads).
 */
export async function copyDiskPhotosToDatabase(dataDir: string, db: Database): Promise<CopyCounts> {
  const root = resolve(dataDir, 'images', 'venues')
  const target = databasePhotoStorage(db)
  const counts: CopyCounts = { copied: 0, alreadyThere: 0, differing: [], ignored: 0 }
  for (const venue of await entries(root)) {
    if (!venue.isDirectory()) {
      counts.ignored++
      continue
    }
    const files = await entries(join(root, venue.name))
    const keys = files.map((file) => `${venue.name}/${file.name}`)
    const stored = await storedPhotoHashes(db, keys.filter(isPhotoKey))
    for (const [index, file] of files.entries()) {
      const key = keys[index] as string
      if (!file.isFile() || !isPhotoKey(key)) {
        counts.ignored++
        continue
      }
      const bytes = await readFile(join(root, venue.name, file.name))
      const there = stored.get(key)
      if (there === photoHash(bytes)) counts.alreadyThere++
      else if (there) counts.differing.push(key)
      else {
        await target.put(key, bytes, contentTypeOf(key))
        counts.copied++
      }
    }
  }
  return counts
}
