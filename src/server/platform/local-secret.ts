import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from './config.ts'

/** Where a development install keeps the AUTH_SECRET it made for itself. */
export const localSecretFile = (dataDir: string) => join(dataDir, 'auth-secret')

/**
 * The config with an AUTH_SECRET: the one set, or else (outside production, where loadConfig
 * already refused an empty one) this install's own, made at random on first start and kept in
 * DATA_DIR/auth-secret, readable by its owner only. No two installs share a secret, so a token
 * signed by one is worthless on another (ADR 016).
 */
export async function withLocalSecret(config: Config): Promise<Config> {
  if (config.AUTH_SECRET) return config
  const file = localSecretFile(config.DATA_DIR)
  const kept = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return ''
      throw error
    },
  )
  if (kept.length >= 32) return { ...config, AUTH_SECRET: kept }
  const secret = randomBytes(32).toString('base64url')
  await mkdir(config.DATA_DIR, { recursive: true })
  // 'wx': two servers starting at once on one DATA_DIR must not each write their own.
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: kept ? 'w' : 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error
    },
  )
  return { ...config, AUTH_SECRET: (await readFile(file, 'utf8')).trim() }
}
