import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { databasePhotoStorage } from '../src/server/domain/venue-photos/database-storage.ts'
import { diskPhotoStorage } from '../src/server/domain/venue-photos/storage.ts'
import { openDatabase } from '../src/server/platform/db/database.ts'
import type { BenchContext, Benchmark } from './support/context.ts'
import { measure } from './support/load.ts'
import { createThrowawayDatabase } from './support/postgres.ts'
import { type Figure, report } from './support/report.ts'
import { startServer } from './support/server-process.ts'

// A real upload's shape: the 960 px WebP of a seed picture, about the size the editor makes.
const samplePicture = 'public/images/venues/manama-marina-hotel/cover-960.webp'
const key = 'manama-marina-hotel/p-0123456789ab-960.webp'

/**
 * One uploaded photo served by the production server from PostgreSQL (`PHOTO_STORAGE=database`,
 * what several servers share) and from its own disk (`disk`), 100 connections each, one after the
 * other on the same machine and database.
 */
export const photosBenchmark: Benchmark = {
  name: 'photos',
  description:
    'an uploaded venue photo served from PostgreSQL vs from the disk, 100 connections (autocannon)',
  run: (context) => runPhotos(context),
}

async function runPhotos(context: BenchContext) {
  const database = await createThrowawayDatabase('photos')
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-photos-'))
  const bytes = await readFile(samplePicture)
  try {
    const load = (baseURL: string) =>
      measure({ url: `${baseURL}/images/venues/${key}`, connections: 100, seconds: context.seconds })
    const fromDatabase = await startServer({ env: { DATABASE_URL: database.url, PHOTO_STORAGE: 'database' } })
    let databaseFigures: Awaited<ReturnType<typeof load>>
    try {
      const handle = await openDatabase({ url: database.url, maxConnections: 1 })
      await databasePhotoStorage(handle.db).put(key, bytes, 'image/webp')
      await handle.close()
      databaseFigures = await load(fromDatabase.baseURL)
    } finally {
      await fromDatabase.stop()
    }
    const fromDisk = await startServer({
      env: { DATABASE_URL: database.url, PHOTO_STORAGE: 'disk', DATA_DIR: dataDir },
    })
    let diskFigures: Awaited<ReturnType<typeof load>>
    try {
      await diskPhotoStorage(dataDir).put(key, bytes, 'image/webp')
      diskFigures = await load(fromDisk.baseURL)
    } finally {
      await fromDisk.stop()
    }
    const failures = [databaseFigures, diskFigures].reduce(
      (sum, pass) => sum + pass.errors + pass.timeouts + pass.non2xx,
      0,
    )
    const figures: Figure[] = [
      { name: 'from PostgreSQL', value: databaseFigures.requestsPerSecond, unit: 'req/s' },
      { name: 'from PostgreSQL p99', value: databaseFigures.p99Ms, unit: 'ms' },
      { name: 'from disk', value: diskFigures.requestsPerSecond, unit: 'req/s' },
      { name: 'from disk p99', value: diskFigures.p99Ms, unit: 'ms' },
      {
        name: 'PostgreSQL ÷ disk',
        value: diskFigures.requestsPerSecond
          ? Math.round((databaseFigures.requestsPerSecond / diskFigures.requestsPerSecond) * 100) / 100
          : 0,
        unit: '',
      },
      { name: 'failed requests', value: failures, unit: '', target: { kind: 'equal', value: 0 } },
    ]
    return report('photos', figures, {
      connections: 100,
      seconds: context.seconds,
      photoBytes: bytes.length,
      note: 'Browsers keep a photo a year (immutable) and revalidate by ETag, so these are first visits and caches filling',
      database: databaseFigures,
      disk: diskFigures,
    })
  } finally {
    await rm(dataDir, { recursive: true, force: true })
    await database.drop()
  }
}
