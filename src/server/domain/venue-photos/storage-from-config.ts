import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/db/database.ts'
import { databasePhotoStorage } from './database-storage.ts'
import { diskPhotoStorage, type PhotoStorage } from './storage.ts'

/** The store PHOTO_STORAGE names (its default follows the engine: config.ts, docs/decisions/038). */
export function photoStorageFromConfig(config: Config, db: Database): PhotoStorage {
  switch (config.PHOTO_STORAGE) {
    case 'disk':
      return diskPhotoStorage(config.DATA_DIR)
    case 'database':
      return databasePhotoStorage(db)
    case 's3':
      throw new Error('PHOTO_STORAGE=s3 is not available yet')
  }
}
