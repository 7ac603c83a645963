import { describe, expect, it } from 'vitest'
import { loadConfig, testConfig } from './config.ts'
import { paymentProviderFromConfig } from './features/payments/payment-provider-from-config.ts'
import { visionClientFromConfig } from './features/scan/vision-client.ts'

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

describe('card payments', () => {
  it('use the PayPal sandbox settings by default, in test mode without credentials', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PAYPAL_CLIENT_ID: '',
      PAYPAL_CLIENT_SECRET: '',
      PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
      PAYPAL_TIMEOUT_MS: 15000,
    })
    expect(paymentProviderFromConfig(config)).toMatchObject({ kind: 'test', clientId: null })
  })

  it('go through PayPal only when both the client id and the secret are set', () => {
    const both = testConfig({ PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'secret' })
    expect(paymentProviderFromConfig(both)).toMatchObject({ kind: 'paypal', clientId: 'client-id' })
    const idOnly = testConfig({ PAYPAL_CLIENT_ID: 'client-id' })
    expect(paymentProviderFromConfig(idOnly).kind).toBe('test')
  })

  it('refuse to start in production with only one PayPal credential', () => {
    const production = { NODE_ENV: 'production' }
    expect(() => loadConfig({ ...production, PAYPAL_CLIENT_ID: 'client-id' })).toThrowError(
      /PAYPAL_CLIENT_SECRET: is empty but PAYPAL_CLIENT_ID is set/,
    )
    expect(() => loadConfig({ ...production, PAYPAL_CLIENT_SECRET: 'secret' })).toThrowError(
      /PAYPAL_CLIENT_ID: is empty but PAYPAL_CLIENT_SECRET is set/,
    )
    expect(
      loadConfig({ ...production, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).PAYPAL_CLIENT_ID,
    ).toBe('id')
    // Outside production, half a setup falls back to test mode instead.
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'client-id' }).PAYPAL_CLIENT_ID).toBe('client-id')
  })
})

describe('the equipment scanner', () => {
  it('has no vision model by default, so the page offers the manual picker', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      VISION_API_KEY: '',
      VISION_API_BASE: 'https://api.anthropic.com',
      VISION_TIMEOUT_MS: 30000,
    })
    expect(config.VISION_MODEL).toMatch(/^claude-/)
    expect(visionClientFromConfig(config)).toBeNull()
  })

  it('uses the model once an API key is set', () => {
    const config = loadConfig({ VISION_API_KEY: 'sk-ant-key', VISION_TIMEOUT_MS: '5000' })
    expect(config.VISION_TIMEOUT_MS).toBe(5000)
    expect(visionClientFromConfig(config)).not.toBeNull()
    expect(() => loadConfig({ VISION_API_BASE: 'not a url' })).toThrowError(/VISION_API_BASE/)
  })
})
