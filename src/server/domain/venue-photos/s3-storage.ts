import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3'
import { isPhotoKey, type PhotoStorage, photoHash } from './storage.ts'

export interface S3PhotoSettings {
  bucket: string
  region: string
  /** An S3-compatible service's address; undefined for Amazon S3 itself. */
  endpoint?: string
  accessKeyId: string
  secretAccessKey: string
  /** endpoint/bucket/key instead of bucket.endpoint/key, as most S3-compatible services want. */
  forcePathStyle: boolean
}

function checkedKey(key: string): string {
  if (!isPhotoKey(key)) throw new Error(`not a photo key: ${JSON.stringify(key)}`)
  return key
}

/** Where the content hash travels with the object, so every server gives the same ETag. */
const hashMetadata = 'sha256'

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404
}

/**
 * Photos as objects in one bucket of Amazon S3 or an S3-compatible service (docs/decisions/038),
 * under the same keys as on the disk. Each object carries its SHA-256 as metadata. The S3 client is
 * loaded here only (a tenth of a second at start-up, for nothing when another store is chosen).
 */
export async function s3PhotoStorage(settings: S3PhotoSettings): Promise<PhotoStorage> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import(
    '@aws-sdk/client-s3'
  )
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A bucket that does not answer fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    // Checksums only where S3 requires them: the extra ones are not understood by every
    // S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const Bucket = settings.bucket
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          Metadata: { [hashMetadata]: photoHash(bytes) },
        }),
      )
    },
    async get(key) {
      if (!isPhotoKey(key)) return undefined
      let object: GetObjectCommandOutput
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key: key }))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
      if (!(object.Body instanceof Readable)) throw new Error(`no body for photo ${key}`)
      const sha256 = object.Metadata?.[hashMetadata]
      if (sha256 && object.ContentLength !== undefined)
        return {
          body: object.Body,
          size: object.ContentLength,
          contentType: object.ContentType ?? 'application/octet-stream',
          sha256,
        }
      // Put there by another tool, without the hash: read whole and hashed here.
      const bytes = await buffer(object.Body)
      return {
        body: Readable.from(bytes),
        size: bytes.length,
        contentType: object.ContentType ?? 'application/octet-stream',
        sha256: photoHash(bytes),
      }
    },
    async delete(keys) {
      const checked = keys.map(checkedKey)
      // One request a file (a photo has six), not DeleteObjects: that one needs a checksum header
      // that S3-compatible services disagree on. A missing object is no error to S3.
      await Promise.all(checked.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))))
    },
  }
}
