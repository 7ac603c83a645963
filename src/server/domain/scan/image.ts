import sharp from 'sharp'
import { maxScanImageBytes, type ScanImageType, scanImageTypes } from '../../../shared/scan.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { sniffType } from '../contact/file-signature.ts'

/** Anthropic downscales anything with a longer edge; sending no more saves upload time and tokens. */
export const maxLongEdge = 1568
/** Refuse decompression bombs: a small file that would expand to a huge bitmap. 100 MP covers any phone. */
const maxInputPixels = 100_000_000

/**
 * Checks that the bytes really are a JPEG, PNG, GIF or WebP under 10MB, then turns them into the
 * JPEG the model sees: upright (EXIF orientation applied), at most 1568 px on the long edge, and
 * without metadata (sharp drops EXIF, GPS and the like unless asked to keep them).
 */
export async function prepareImage(bytes: Buffer): Promise<{ mediaType: ScanImageType; base64: string }> {
  if (bytes.length >= maxScanImageBytes)
    throw new HttpError(400, 'IMAGE_TOO_LARGE', { fields: { imageBase64: 'IMAGE_TOO_LARGE' } })
  const type = sniffType(bytes)
  if (!type || !(scanImageTypes as readonly string[]).includes(type))
    throw new HttpError(400, 'NOT_AN_IMAGE', { fields: { imageBase64: 'NOT_AN_IMAGE' } })
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize({ width: maxLongEdge, height: maxLongEdge, fit: 'inside', withoutEnlargement: true })
      // Transparent PNG, GIF and WebP areas would turn black in a JPEG.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer()
    return { mediaType: 'image/jpeg', base64: jpeg.toString('base64') }
  } catch {
    throw new HttpError(400, 'IMAGE_UNREADABLE', { fields: { imageBase64: 'IMAGE_UNREADABLE' } })
  }
}
