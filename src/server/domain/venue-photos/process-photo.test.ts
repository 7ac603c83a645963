import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { processingQueue, processPhoto } from './process-photo.ts'

/** 300 × 200, red on the left and blue on the right, that a camera says to show turned 90° clockwise. */
async function sidewaysPhoto(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 150, height: 200, channels: 3, background: colour } })
      .png()
      .toBuffer()
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 150, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [...data.subarray(at, at + 3)]
}

const reddish = ([r, , b]: number[]) => (r ?? 0) > 200 && (b ?? 0) < 60
const bluish = ([r, , b]: number[]) => (b ?? 0) > 200 && (r ?? 0) < 60

describe('processPhoto', () => {
  it('turns the photo upright by its EXIF orientation before cropping it to 3:2', async () => {
    const files = await processPhoto(await sidewaysPhoto())
    const webp = files.find((file) => file.width === 1440 && file.format === 'webp')
    if (!webp) throw new Error('no 1440 px WebP')
    // Upright, the left half (red) is on top and the right half (blue) below.
    expect(reddish(await pixel(webp.bytes, 720, 60))).toBe(true)
    expect(bluish(await pixel(webp.bytes, 720, 900))).toBe(true)
    expect(files.map((file) => `${file.width}.${file.format}`).sort()).toEqual([
      '1440.avif',
      '1440.webp',
      '480.avif',
      '480.webp',
      '960.avif',
      '960.webp',
    ])
  })
})

describe('processingQueue', () => {
  it('runs at most `limit` jobs at once, and every job in the end', async () => {
    const run = processingQueue(2)
    let running = 0
    let most = 0
    const job = async (n: number) => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
      return n
    }
    const results = await Promise.all(Array.from({ length: 9 }, (_, n) => run(() => job(n))))
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(most).toBe(2)
  })
})
