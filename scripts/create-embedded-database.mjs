// Creates an empty embedded (PGlite) database cluster in the given directory. `npm start` runs it
// beside a first build: creating a cluster is most of PGlite's first start, and it needs nothing
// from the build. The server then opens the cluster, migrates and seeds it as on any start.
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
// Node strips the types of this TypeScript module: the lock every process on the folder takes.
import { lockDataDir, serverHolder } from '../src/server/platform/db/data-dir-lock.ts'

const dataDir = process.argv[2]
mkdirSync(dataDir, { recursive: true })
// Held by another process (`npm run user:role`, say): left to the server's own start, which says
// so in plain words, and what to do.
let lock
try {
  lock = lockDataDir(dataDir, serverHolder)
} catch {
  process.exit(1)
}
try {
  const pglite = await PGlite.create(dataDir)
  await pglite.close()
} finally {
  lock.release()
}
