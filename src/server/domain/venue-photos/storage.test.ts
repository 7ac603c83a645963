import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskPhotoStorage, isPhotoKey, type PhotoStorage, photoFileKeys } from './storage.ts'

let dataDir: string
let storage: PhotoStorage

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'photo-storage-'))
  storage = diskPhotoStorage(dataDir)
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const key = 'barrys-fitness/p-0123456789ab-960.webp'

describe('photo keys', () => {
  it('accepts only <venue-id>/<photo-id>-<width>.<avif|webp>', () => {
    expect(isPhotoKey(key)).toBe(true)
    expect(isPhotoKey('barrys-fitness/p-0123456789ab-1440.avif')).toBe(true)
    for (const bad of [
      '../barrys-fitness/p-0123456789ab-960.webp',
      'barrys-fitness/../p-0123456789ab-960.webp',
      '..%2Fbarrys-fitness/p-0123456789ab-960.webp',
      '%2e%2e/p-0123456789ab-960.webp',
      'barrys-fitness/..%2fp-0123456789ab-960.webp',
      'barrys-fitness\\..\\p-0123456789ab-960.webp',
      '/etc/p-0123456789ab-960.webp',
      'barrys-fitness/p-0123456789ab-960.webp/..',
      'barrys-fitness/p-0123456789ab-960.webp\u0000.png',
      'barrys-fitness/p-0123456789ab-961.webp',
      'barrys-fitness/p-0123456789ab-960.png',
      'barrys-fitness/cover-960.webp',
      'Barrys/p-0123456789ab-960.webp',
      'barrys-fitness/sub/p-0123456789ab-960.webp',
    ])
      expect(isPhotoKey(bad), bad).toBe(false)
  })

  it('names the six files of a photo', () => {
    expect(photoFileKeys('barrys-fitness/p-0123456789ab')).toHaveLength(6)
    expect(photoFileKeys('barrys-fitness/p-0123456789ab').every(isPhotoKey)).toBe(true)
  })
})

describe('diskPhotoStorage', () => {
  it('writes under DATA_DIR/images/venues/, reads back with the type, and deletes', async () => {
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp')
    expect(await readdir(join(dataDir, 'images', 'venues', 'barrys-fitness'))).toEqual([
      'p-0123456789ab-960.webp',
    ])
    const stored = await storage.get(key)
    expect(
      stored && {
        size: stored.size,
        type: stored.contentType,
        sha256: stored.sha256,
        body: await text(stored.body),
      },
    ).toEqual({
      size: 10,
      type: 'image/webp',
      sha256: createHash('sha256').update('webp bytes').digest('hex'),
      body: 'webp bytes',
    })
    await storage.delete([key, 'barrys-fitness/p-0123456789ab-480.avif'])
    expect(await storage.get(key)).toBeUndefined()
  })

  it('refuses to write or read outside the photo shape', async () => {
    await expect(
      storage.put('../escape/p-0123456789ab-960.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow()
    expect(await storage.get('../../package.json')).toBeUndefined()
    await expect(storage.delete(['../../package.json'])).rejects.toThrow()
  })
})
