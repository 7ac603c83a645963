import sharp, { type Metadata, type OutputInfo } from 'sharp'
import { type VenueImageFormat, venueImageWidths } from '../../../shared/venue-images.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { sniffType } from '../contact/file-signature.ts'

/** More than any phone or camera takes; far less than a crafted file claiming 20 000 × 20 000. */
export const maxPhotoPixels = 50_000_000

const accepted = new Set(['image/jpeg', 'image/png', 'image/webp'])

export interface PhotoFile {
  width: number
  format: VenueImageFormat
  bytes: Buffer
}

/**
 * Turns the team's upload into the files the site shows, like the seed's pictures
 * (scripts/venue-art): cropped to 3:2, at each of the widths, in AVIF and WebP. The bytes decide the
 * type, whatever the request declared. The header is read first, without decoding a pixel, so a
 * small file claiming a huge picture (a decompression bomb) is refused before it can take the
 * memory; sharp is told the same limit in case a header lies. The picture is turned upright by its
 * EXIF orientation, then every piece of metadata (EXIF, GPS, camera, ICC) is left behind: sharp
 * writes none unless asked to.
 */
export async function processPhoto(bytes: Buffer): Promise<PhotoFile[]> {
  const type = sniffType(bytes)
  if (!type || !accepted.has(type)) throw new HttpError(415, 'PHOTO_NOT_AN_IMAGE')
  const options = { limitInputPixels: maxPhotoPixels, failOn: 'error' as const }
  let header: Metadata
  try {
    // The header only: no limit here, so the picture's size can be told apart from a broken file.
    header = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new HttpError(400, 'PHOTO_UNREADABLE')
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0)
  if (!pixels) throw new HttpError(400, 'PHOTO_UNREADABLE')
  if (pixels > maxPhotoPixels) throw new HttpError(400, 'PHOTO_TOO_MANY_PIXELS')

  const largest = Math.max(...venueImageWidths)
  let master: { data: Buffer; info: OutputInfo }
  try {
    // Decoded once, at the largest size; the smaller ones are made from it.
    master = await sharp(bytes, options)
      .rotate()
      .resize(largest, (largest * 2) / 3, { fit: 'cover' })
      // Transparent areas would turn black once the alpha channel is gone.
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new HttpError(400, 'PHOTO_UNREADABLE')
  }
  const { width, height, channels } = master.info
  const raw = { raw: { width, height, channels } }
  const jobs = venueImageWidths.flatMap((target) => {
    const resized = () => sharp(master.data, raw).resize(target, (target * 2) / 3)
    return [
      // The seed's encoder settings, so uploads and seed pictures weigh alike.
      resized()
        .webp({ quality: 72, effort: 5 })
        .toBuffer()
        .then((out): PhotoFile => ({ width: target, format: 'webp', bytes: out })),
      resized()
        .avif({ quality: 50, effort: 4 })
        .toBuffer()
        .then((out): PhotoFile => ({ width: target, format: 'avif', bytes: out })),
    ]
  })
  return Promise.all(jobs)
}

/**
 * At most `limit` photos are processed at once in this process; the others wait their turn. AVIF
 * encoding takes the CPU for a second or so a photo, and the site's visitors share that CPU.
 */
export function processingQueue(limit: number) {
  let running = 0
  const waiting: Array<() => void> = []
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    // A finished job hands its place straight to the next in line, so none can slip in between.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await job()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
