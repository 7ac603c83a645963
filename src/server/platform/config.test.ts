import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { visionClientFromConfig } from '../domain/scan/vision-client.ts'
import { examplePlaceholder, loadConfig, publicSecrets, testConfig } from './config.ts'
import { cardPayments, paymentProviderFromConfig } from './payments/payment-provider-from-config.ts'
import { tapPayments, tapProviderFromConfig } from './payments/tap-from-config.ts'

/** Everything production requires (ADR 016); each test below takes one setting away. */
const productionSettings = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-more-than-32-chars',
  SMTP_URL: 'smtps://mailer:pass@smtp.example.com:465',
  PUBLIC_URL: 'https://daypass.example',
}

describe('loadConfig', () => {
  it('gives a local demo with an empty environment: development, on the loopback interface', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:3000',
      // Made and kept in DATA_DIR at start (local-secret.ts), never a shared default.
      AUTH_SECRET: '',
      SMTP_URL: '',
      OPENAPI_PUBLIC: false,
    })
  })

  it('has PUBLIC_URL follow PORT in development, unless it is set', () => {
    expect(loadConfig({ PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100')
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'http://192.168.1.20:3100' }).PUBLIC_URL).toBe(
      'http://192.168.1.20:3100',
    )
  })

  it('reads and coerces settings', () => {
    const config = loadConfig({ ...productionSettings, PORT: '8080', DATABASE_URL: 'postgres://db/app' })
    expect(config.PORT).toBe(8080)
    expect(config.DATABASE_URL).toBe('postgres://db/app')
    expect(config.NODE_ENV).toBe('production')
    expect(config.HOST).toBe('127.0.0.1')
    expect(loadConfig({ OPENAPI_PUBLIC: 'true', PAYMENTS_TEST_MODE: '1' })).toMatchObject({
      OPENAPI_PUBLIC: true,
      PAYMENTS_TEST_MODE: true,
    })
  })

  it('trusts no proxy by default; TRUST_PROXY is a hop count or addresses and ranges, never "true"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig(productionSettings).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8, loopback' }).TRUST_PROXY).toEqual(
      ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback'],
    )
    for (const wrong of ['true', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrowError(/TRUST_PROXY/)
  })

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrowError(
      /PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/,
    )
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com', AUTH_SECRET: 'short' })).toThrowError(
      /AUTH_SECRET: must be at least 32 characters[\s\S]*SMTP_URL: must be an smtp/,
    )
    expect(() => loadConfig({ NODE_ENV: 'prod' })).toThrowError(/NODE_ENV/)
  })
})

describe('production', () => {
  it('starts with every required setting', () => {
    expect(loadConfig(productionSettings)).toMatchObject(productionSettings)
  })

  it('is never reached by omission: without NODE_ENV the settings make a development server', () => {
    const { NODE_ENV: _, ...rest } = productionSettings
    expect(loadConfig(rest).NODE_ENV).toBe('development')
  })

  it.each(['AUTH_SECRET', 'SMTP_URL', 'PUBLIC_URL'] as const)('refuses to start without %s', (setting) => {
    const settings = { ...productionSettings, [setting]: '' }
    expect(() => loadConfig(settings)).toThrowError(
      new RegExp(`^  ${setting}: is required in production`, 'm'),
    )
  })

  it('names every missing setting at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORT: 'x' })).toThrowError(
      /PORT[\s\S]*AUTH_SECRET[\s\S]*SMTP_URL[\s\S]*PUBLIC_URL/,
    )
  })

  it('refuses a short AUTH_SECRET and the development one published in the source', () => {
    expect(() => loadConfig({ ...productionSettings, AUTH_SECRET: 'x'.repeat(31) })).toThrowError(
      /AUTH_SECRET: must be at least 32 characters/,
    )
    for (const secret of publicSecrets)
      expect(() => loadConfig({ ...productionSettings, AUTH_SECRET: secret })).toThrowError(
        /AUTH_SECRET: is a development value/,
      )
    expect(publicSecrets).toContain('development-only-secret-change-me-0123456789')
    // Outside production the secret stays empty until start-up makes one (local-secret.test.ts).
    expect(loadConfig({}).AUTH_SECRET).toBe('')
  })
})

describe('the example environment file (deploy/daypass.env.example)', () => {
  /** Its settings as systemd reads them: KEY=value lines, comments aside. */
  const example = Object.fromEntries(
    readFileSync(new URL('../../../deploy/daypass.env.example', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )

  it('starts no server with the password it shows: production refuses its placeholder, naming the setting', () => {
    // The required settings it leaves empty, filled as an operator would.
    const copied = { ...example, ...productionSettings }
    expect(() => loadConfig(copied)).toThrowError(
      new RegExp(`DATABASE_URL: still holds the example's ${examplePlaceholder}`),
    )
    // With the real password in its place, the rest of the file is a server that starts.
    const filled = Object.fromEntries(
      Object.entries(copied).map(([key, value]) => [
        key,
        value.replaceAll(examplePlaceholder, 's3cret-db-pw'),
      ]),
    )
    expect(loadConfig(filled).DATABASE_URL).toBe('postgres://daypass:s3cret-db-pw@db.internal:5432/daypass')
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
      PAYMENTS_TEST_MODE: false,
    })
    expect(paymentProviderFromConfig(config)).toMatchObject({ kind: 'test', clientId: null })
  })

  it('go through PayPal only when both the client id and the secret are set', () => {
    const both = testConfig({ PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'secret' })
    expect(paymentProviderFromConfig(both)).toMatchObject({ kind: 'paypal', clientId: 'client-id' })
    const idOnly = testConfig({ PAYPAL_CLIENT_ID: 'client-id' })
    expect(paymentProviderFromConfig(idOnly).kind).toBe('test')
  })

  it('are off in production without PayPal, unless PAYMENTS_TEST_MODE asks for the test mode', () => {
    expect(cardPayments(loadConfig(productionSettings))).toBe('off')
    expect(paymentProviderFromConfig(loadConfig(productionSettings))).toMatchObject({ kind: 'off' })
    expect(cardPayments(loadConfig({ ...productionSettings, PAYMENTS_TEST_MODE: 'true' }))).toBe('test')
    const payPal = { ...productionSettings, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }
    expect(cardPayments(loadConfig(payPal))).toBe('paypal')
    expect(() => loadConfig({ ...payPal, PAYMENTS_TEST_MODE: 'true' })).toThrowError(
      /PAYMENTS_TEST_MODE: is true but PayPal is set up/,
    )
  })

  it('refuse to start in production with only one PayPal credential', () => {
    const production = productionSettings
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

describe('BENEFIT and cards in BD through Tap', () => {
  it('run in the labelled test mode without a key, outside production', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      TAP_SECRET_KEY: '',
      TAP_API_BASE: 'https://api.tap.company',
      TAP_TIMEOUT_MS: 15000,
    })
    expect(tapPayments(config)).toBe('tap-test')
    expect(tapProviderFromConfig(config).kind).toBe('tap-test')
  })

  it('go through Tap with a secret key, and are off in production without one unless PAYMENTS_TEST_MODE', () => {
    expect(tapProviderFromConfig(testConfig({ TAP_SECRET_KEY: 'sk_test_abc123' })).kind).toBe('tap')
    expect(tapPayments(loadConfig(productionSettings))).toBe('off')
    expect(tapPayments(loadConfig({ ...productionSettings, PAYMENTS_TEST_MODE: 'true' }))).toBe('tap-test')
    const tap = { ...productionSettings, TAP_SECRET_KEY: 'sk_live_abc123' }
    expect(tapPayments(loadConfig(tap))).toBe('tap')
    expect(() => loadConfig({ ...tap, PAYMENTS_TEST_MODE: 'true' })).toThrowError(
      /PAYMENTS_TEST_MODE: is true but Tap is set up/,
    )
  })

  it('refuse to start half set up, naming the missing setting, in development too', () => {
    // In production Tap is reached over TLS only: payments travel on it.
    expect(() =>
      loadConfig({
        ...productionSettings,
        TAP_SECRET_KEY: 'sk_live_abc',
        TAP_API_BASE: 'http://api.tap.company',
      }),
    ).toThrowError(/TAP_API_BASE: must be an https:\/\/ URL in production/)
    expect(
      loadConfig({
        ...productionSettings,
        TAP_SECRET_KEY: 'sk_live_abc',
        TAP_API_BASE: 'https://tap.example',
      }).TAP_API_BASE,
    ).toBe('https://tap.example')
    expect(() => loadConfig({ TAP_API_BASE: 'https://api.tap.company' })).toThrowError(
      /TAP_SECRET_KEY: is empty but TAP_API_BASE is set/,
    )
    expect(() => loadConfig({ ...productionSettings, TAP_API_BASE: 'https://api.tap.company' })).toThrowError(
      /TAP_SECRET_KEY: is empty but TAP_API_BASE is set/,
    )
    expect(() => loadConfig({ TAP_SECRET_KEY: 'pk_test_publishable' })).toThrowError(
      /TAP_SECRET_KEY: must be a Tap secret key/,
    )
    expect(loadConfig({ TAP_SECRET_KEY: 'sk_test_x', TAP_API_BASE: 'http://127.0.0.1:9' }).TAP_API_BASE).toBe(
      'http://127.0.0.1:9',
    )
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

describe('the venue photos’ store', () => {
  const s3 = {
    PHOTO_STORAGE: 's3',
    S3_BUCKET: 'daypass-photos',
    S3_REGION: 'me-south-1',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  }

  it('is chosen by the engine: the disk beside the embedded database, the database on PostgreSQL', () => {
    expect(loadConfig({}).PHOTO_STORAGE).toBe('disk')
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }).PHOTO_STORAGE).toBe('database')
    expect(testConfig().PHOTO_STORAGE).toBe('disk')
  })

  it('is the operator’s choice when PHOTO_STORAGE is set, the database on PGlite included', () => {
    expect(loadConfig({ PHOTO_STORAGE: 'database' }).PHOTO_STORAGE).toBe('database')
    expect(loadConfig({ PHOTO_STORAGE: 'disk', DATABASE_URL: 'postgres://db/app' }).PHOTO_STORAGE).toBe(
      'disk',
    )
    expect(loadConfig({ PHOTO_STORAGE: '' }).PHOTO_STORAGE).toBe('disk')
    expect(() => loadConfig({ PHOTO_STORAGE: 'nfs' })).toThrowError(/PHOTO_STORAGE/)
  })

  it('takes a bucket with all its settings, path-style addressing when asked', () => {
    const config = loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' })
    expect(config).toMatchObject({
      PHOTO_STORAGE: 's3',
      S3_BUCKET: 'daypass-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
    })
    expect(loadConfig(s3).S3_ENDPOINT).toBeUndefined()
    expect(loadConfig(s3).S3_FORCE_PATH_STYLE).toBe(false)
  })

  it('refuses to start with half a bucket’s settings, naming each missing one, in development too', () => {
    expect(() => loadConfig({ PHOTO_STORAGE: 's3', S3_BUCKET: 'daypass-photos' })).toThrowError(
      /PHOTO_STORAGE: is s3 but S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set/,
    )
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrowError(
      /PHOTO_STORAGE: is s3 but S3_SECRET_ACCESS_KEY is not set/,
    )
    expect(() => loadConfig({ ...s3, ...productionSettings, S3_REGION: ' ' })).toThrowError(
      /PHOTO_STORAGE: is s3 but S3_REGION is not set/,
    )
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrowError(/S3_ENDPOINT/)
  })
})

describe('the metrics token', () => {
  it('is optional: empty, /metrics answers the loopback interface only', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBe('')
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBe('')
  })

  it('refuses to start with a token shorter than 32 characters, naming the setting', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(31) })).toThrowError(
      /METRICS_TOKEN: must be at least 32 characters/,
    )
    expect(() => loadConfig({ ...productionSettings, METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN: must be at least 32 characters/,
    )
  })

  it('takes a token of 32 characters or more', () => {
    const token = 'a'.repeat(32)
    expect(loadConfig({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token)
  })
})
