// `npm start` and `npm run migrate`: builds the app first only when its sources changed since the
// last build (a fingerprint of their contents, kept in dist/), then runs the built entry. A fresh
// clone builds once; later starts go straight to the server.
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { join } from 'node:path'

const entries = { server: 'dist/server/main.js', migrate: 'dist/server/migrate.js' }
const command = process.argv[2] ?? 'server'
if (!(command in entries)) {
  console.error(`Unknown command ${JSON.stringify(command)}: use one of ${Object.keys(entries).join(', ')}`)
  process.exit(2)
}

// What the build reads. Contents, not times: a fresh clone's files are all new.
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/build.mjs', 'package-lock.json']
const stampFile = 'dist/.source-fingerprint'

function* filesUnder(path) {
  if (!existsSync(path)) return
  if (!statSync(path).isDirectory()) {
    yield path
    return
  }
  for (const name of readdirSync(path).sort()) yield* filesUnder(join(path, name))
}

function fingerprint() {
  const hash = createHash('sha256')
  for (const source of sources)
    for (const file of filesUnder(source))
      hash.update(file).update('\0').update(readFileSync(file)).update('\0')
  return hash.digest('hex')
}

/**
 * A first start on the embedded database (no DATABASE_URL, no cluster in DATA_DIR yet, which
 * defaults to ./data as in the server's settings) creates the cluster while the app builds.
 */
function createEmbeddedDatabaseAlongside() {
  if (process.env.DATABASE_URL) return Promise.resolve()
  const dataDir = process.env.DATA_DIR || './data'
  if (dataDir.startsWith('memory://') || existsSync(join(dataDir, 'PG_VERSION'))) return Promise.resolve()
  const child = spawn(process.execPath, ['scripts/create-embedded-database.mjs', dataDir], {
    stdio: 'inherit',
  })
  // A failure here is left to the server's own start, which creates the cluster itself and says why.
  return new Promise((resolve) => child.on('exit', resolve).on('error', resolve))
}

const current = fingerprint()
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : ''
if (current !== built || !Object.values(entries).every((entry) => existsSync(entry))) {
  console.log(built ? 'Sources changed since the last build: building' : 'First start: building the app')
  const database = command === 'server' ? createEmbeddedDatabaseAlongside() : Promise.resolve()
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  await database
  if (build.status !== 0) process.exit(build.status ?? 1)
  writeFileSync(stampFile, `${current}\n`)
}

// V8 keeps the compiled code of every module it loads on disk: later starts skip compiling them.
enableCompileCache()
// The server replaces this process's work: signals reach it through the same process.
await import(new URL(`../${entries[command]}`, import.meta.url).href)
