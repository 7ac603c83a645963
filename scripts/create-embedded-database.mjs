// Creates an empty embedded (PGlite) database cluster in the given directory. `npm start` runs it
// beside a first build: creating a cluster is most of PGlite's first start, and it needs nothing
// from the build. The server then opens the cluster, migrates and seeds it as on any start.
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'

const dataDir = process.argv[2]
mkdirSync(dataDir, { recursive: true })
const pglite = await PGlite.create(dataDir)
await pglite.close()
