import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>
}
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>
}

/** Every package the lockfile installs that has an install script, as `name@version`. */
const withInstallScripts = Object.entries(lock.packages)
  .filter(([path, entry]) => path && entry.hasInstallScript)
  .map(
    ([path, entry]) =>
      `${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`,
  )

/** The name in an allowScripts key: `esbuild`, `esbuild@0.28.2`, `@swc/core@1`. */
const nameOf = (key: string) => key.slice(0, key.indexOf('@', 1) === -1 ? undefined : key.indexOf('@', 1))

describe('install scripts (package.json allowScripts, npm 11)', () => {
  it('are each approved or denied, so `npm ci` ends without a list of unreviewed scripts', () => {
    const decided = new Set(Object.keys(manifest.allowScripts ?? {}).map(nameOf))
    const undecided = withInstallScripts.filter((found) => !decided.has(nameOf(found)))
    expect(undecided).toEqual([])
  })

  it('names no package that is not installed with an install script', () => {
    const installed = new Set(withInstallScripts.map(nameOf))
    const stale = Object.keys(manifest.allowScripts ?? {}).filter((key) => !installed.has(nameOf(key)))
    expect(stale).toEqual([])
  })
})
