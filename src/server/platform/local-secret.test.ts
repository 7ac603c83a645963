import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { localSecretFile, withLocalSecret } from './local-secret.ts'

const dirs: string[] = []
async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'local-secret-'))
  dirs.push(dir)
  return join(dir, 'data')
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('the development AUTH_SECRET', () => {
  it('is made at random on first start, kept in DATA_DIR for the owner only, and reused', async () => {
    const DATA_DIR = await dataDir()
    const first = await withLocalSecret(loadConfig({ DATA_DIR }))
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32)
    expect((await readFile(localSecretFile(DATA_DIR), 'utf8')).trim()).toBe(first.AUTH_SECRET)
    expect((await stat(localSecretFile(DATA_DIR))).mode & 0o777).toBe(0o600)
    const again = await withLocalSecret(loadConfig({ DATA_DIR }))
    expect(again.AUTH_SECRET).toBe(first.AUTH_SECRET)
  })

  it('differs between two installs', async () => {
    const one = await withLocalSecret(loadConfig({ DATA_DIR: await dataDir() }))
    const other = await withLocalSecret(loadConfig({ DATA_DIR: await dataDir() }))
    expect(one.AUTH_SECRET).not.toBe(other.AUTH_SECRET)
  })

  it('is the one set, when AUTH_SECRET is given, and then nothing is written', async () => {
    const DATA_DIR = await dataDir()
    const secret = 's'.repeat(40)
    expect((await withLocalSecret(loadConfig({ DATA_DIR, AUTH_SECRET: secret }))).AUTH_SECRET).toBe(secret)
    await expect(stat(localSecretFile(DATA_DIR))).rejects.toThrow(/ENOENT/)
  })

  it('is made again when the kept one is too short to use', async () => {
    const DATA_DIR = await dataDir()
    await withLocalSecret(loadConfig({ DATA_DIR }))
    await writeFile(localSecretFile(DATA_DIR), 'short\n')
    const config = await withLocalSecret(loadConfig({ DATA_DIR }))
    expect(config.AUTH_SECRET.length).toBeGreaterThanOrEqual(32)
  })
})
