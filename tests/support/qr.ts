import jsQR from 'jsqr'
import { PNG } from 'pngjs'

/**
 * Reads a QR code out of a PNG with a decoder of its own (jsQR), as a phone or the desk's scanner
 * would: a test never takes the code's text from our data.
 */
export function decodeQrPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png)
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data
}
