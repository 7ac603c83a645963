import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/db/database.ts'
import { databasePhotoStorage } from './database-storage.ts'
import { s3PhotoStorage } from './s3-storage.ts'
import { diskPhotoStorage, type PhotoStorage } from './storage.ts'

/** The store PHOTO_STORAGE names (its default follows the engine: config.ts, docs/decisions/038). */
export async function photoStorageFromConfig(config: Config, db: Database): Promise<PhotoStorage> {
  switch (config.PHOTO_STORAGE) {
    case 'disk':
      return diskPhotoStorage(config.DATA_DIR)
    case 'database':
      return databasePhotoStorage(db)
    case 's3':
      // config.ts has refused to start without these.
      return s3PhotoStorage({
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
  }
}
