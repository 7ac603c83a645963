// `npm run build`: the web client, its server renderer and the API server are built at the same
// time (none reads another's output), then the client's assets get gzip and brotli copies so the
// server can send them without compressing on every request. The API server is bundled into
// dist/server/main.js (and `npm run migrate` into migrate.js); dependencies stay in node_modules.
import { spawn } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { build } from 'esbuild'

const vite = join('node_modules', 'vite', 'bin', 'vite.js')

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, ...args], { stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')}: exit ${code}`)),
    )
  })
}

async function buildServer() {
  await build({
    entryPoints: { main: 'src/server/main.ts', migrate: 'src/server/migrate-command.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  // Copied afresh, so the server never runs a migration left behind by an earlier build.
  rmSync('dist/server/migrations', { recursive: true, force: true })
  cpSync('src/server/platform/db/migrations', 'dist/server/migrations', { recursive: true })
}

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/
const gzipped = promisify(gzip)
const brotlied = promisify(brotliCompress)

function* compressibleFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* compressibleFiles(path)
    else if (compressible.test(name) && statSync(path).size > 1024) yield path
  }
}

// zlib's asynchronous calls run on libuv's threads: every core compresses.
async function precompress(dir) {
  await Promise.all(
    [...compressibleFiles(dir)].map(async (path) => {
      const data = readFileSync(path)
      const [gz, br] = await Promise.all([
        gzipped(data, { level: 9 }),
        brotlied(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ])
      await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)])
    }),
  )
}

await Promise.all([
  run(['build']),
  run(['build', '--ssr', 'src/web/entry-server.tsx', '--outDir', 'dist/ssr']),
  buildServer(),
])
await precompress('dist/web')
