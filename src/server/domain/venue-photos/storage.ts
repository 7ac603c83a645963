import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { type VenueImageFormat, venueImageWidths } from '../../../shared/venue-images.ts'

/**
 * Where the team's uploaded venue photos live, file by file. Keys have one shape only,
 * `<venue-id>/<photo-id>-<width>.<avif|webp>`, the same names the seed's pictures have under
 * /images/venues/; anything else is refused before it reaches the disk.
 *
 * One server may keep them on its disk (`diskPhotoStorage`). With several servers behind a load
 * balancer a file written on one would be missing on the others, so they share one store: the
 * database (database-storage.ts) or a bucket (s3-storage.ts). PHOTO_STORAGE chooses
 * (storage-from-config.ts, docs/decisions/038).
 */
export interface PhotoStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The file, or undefined when there is none under that key (or the key is not a photo's). */
  get(key: string): Promise<StoredPhoto | undefined>
  /** Removes the files; missing ones are no error. */
  delete(keys: readonly string[]): Promise<void>
}

export interface StoredPhoto {
  body: Readable
  size: number
  contentType: string
  /** SHA-256 of the bytes, in hex: the file's strong ETag. */
  sha256: string
}

/** The content hash every store gives its files, whichever wrote them. */
export function photoHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

const keyPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*\/p-[0-9a-f]{12}-(?:480|960|1440)\.(?:avif|webp)$/

/** A key of the one shape photos are stored under: no `..`, no slashes of its own, no encodings. */
export function isPhotoKey(key: string): boolean {
  return key.length <= 120 && keyPattern.test(key)
}

export const photoContentTypes: Record<VenueImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
}

/** The files an uploaded photo (`<venue>/<photo id>`) is stored as: each width in each format. */
export function photoFileKeys(imageKey: string): string[] {
  return venueImageWidths.flatMap((width) =>
    (Object.keys(photoContentTypes) as VenueImageFormat[]).map((format) => `${imageKey}-${width}.${format}`),
  )
}

export function contentTypeOf(key: string): string {
  return key.endsWith('.avif') ? photoContentTypes.avif : photoContentTypes.webp
}

/** Photos on this server's disk, under `<dataDir>/images/venues/`. */
export function diskPhotoStorage(dataDir: string): PhotoStorage {
  const root = resolve(dataDir, 'images', 'venues')
  const pathOf = (key: string) => {
    if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`)
    const path = join(root, key)
    // The pattern already rules traversal out; this says so once more, where the path is made.
    if (!path.startsWith(root + sep)) throw new Error(`photo key outside the store: ${key}`)
    return path
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written aside, then renamed over: a reader sees the whole file or none, never half of one.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`
      try {
        await writeFile(temporary, bytes)
        await rename(temporary, path)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async get(key) {
      if (!isPhotoKey(key)) return undefined
      let handle: Awaited<ReturnType<typeof open>>
      try {
        handle = await open(pathOf(key), 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      // The contents of the one open file, even if it is deleted meanwhile. Read whole (a photo's
      // file is a few hundred KB at most) for the hash the ETag is.
      let bytes: Buffer
      try {
        bytes = await handle.readFile()
      } finally {
        await handle.close()
      }
      return {
        body: Readable.from(bytes),
        size: bytes.length,
        contentType: contentTypeOf(key),
        sha256: photoHash(bytes),
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })))
    },
  }
}
