import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('gives safe local defaults with an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: '',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
    })
  })

  it('reads and coerces settings', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://db/app', NODE_ENV: 'production' })
    expect(config.PORT).toBe(8080)
    expect(config.DATABASE_URL).toBe('postgres://db/app')
    expect(config.NODE_ENV).toBe('production')
  })

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrowError(
      /PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/,
    )
  })
})
