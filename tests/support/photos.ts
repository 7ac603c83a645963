import { deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A real photo-like PNG: a gradient, so the encoders have something to do. */
export async function samplePng(width = 600, height = 450): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e9c46a"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer()
}

/** A JPEG that carries EXIF (camera, an orientation) and so would tell where and how it was taken. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp(await samplePng(300, 200))
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Copyright: 'Sara Ali' } })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A decompression bomb's header: a valid PNG of a few dozen bytes whose IHDR says `width` × `height`
 * (20 000 × 20 000 is 400 megapixels, 1.2 GB of pixels once decoded). Its image data is a few
 * bytes, so any decoder that starts on it fails or balloons; reading the header costs nothing.
 */
export function bombPngHeader(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.writeUInt8(8, 8) // bit depth
  ihdr.writeUInt8(2, 9) // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
