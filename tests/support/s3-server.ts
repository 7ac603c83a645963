import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from '@20minutes/s3rver'
import type { Config } from '../../src/server/platform/config.ts'

export interface TestS3 {
  /** The settings that point the server at this bucket (PHOTO_STORAGE=s3). */
  settings: Partial<Config>
  close(): Promise<void>
}

/**
 * A local S3-compatible server with one empty bucket, its objects in a temporary folder, on a free
 * port of the loopback interface. It takes the keys S3RVER / S3RVER and checks the signatures.
 */
export async function startTestS3(bucket = 'daypass-photos'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    settings: {
      PHOTO_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
