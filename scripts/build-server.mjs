// Bundles the API server into dist/server/main.js (and `npm run migrate` into migrate.js) (dependencies stay in node_modules), copies the
// SQL migrations beside it, and writes gzip and brotli copies of the web assets so the server can
// send them without compressing on every request.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'esbuild'

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

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) precompress(path)
    else if (compressible.test(name) && statSync(path).size > 1024) {
      const data = readFileSync(path)
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }))
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
    }
  }
}
precompress('dist/web')
