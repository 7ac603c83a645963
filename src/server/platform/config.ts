import { isIP } from 'node:net'
import { z } from 'zod'

/** Names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (!version || rest.length) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (version === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For the server believes, for the client's address that
 * every per-IP limit counts by. Empty: none, the socket's peer is the client. A number: that many
 * proxies in front (1 behind one load balancer: the address it appends, the rightmost, is used).
 * Else comma-separated addresses or CIDR ranges of the proxies. Never "true": then any client
 * could write its own X-Forwarded-For and start every per-IP limit afresh.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((text, ctx): false | number | string[] => {
    if (text === '') return false
    if (/^\d+$/.test(text)) return Number(text)
    const entries = text.split(',').map((entry) => entry.trim())
    const wrong = entries.filter((entry) => !isAddressRange(entry))
    if (wrong.length === 0) return entries
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxies, or addresses and ranges such as 10.0.0.0/8; not ${wrong.join(', ')}`,
    })
    return z.NEVER
  })

/**
 * The development AUTH_SECRET that earlier versions used by default. It is public (it was in the
 * source), so production refuses it, and so it does the tests' own secret.
 */
export const publicSecrets: readonly string[] = [
  'development-only-secret-change-me-0123456789',
  'test-only-secret-test-only-secret-0123456789',
]

/**
 * What deploy/daypass.env.example writes where a password goes: production refuses any setting that
 * still holds it, so a copied example never starts a server with a password everyone can read.
 */
export const examplePlaceholder = 'CHANGE-ME'

/** Where venue photos may be kept: PHOTO_STORAGE. */
export const photoStorageKinds = ['disk', 'database', 's3'] as const
export type PhotoStorageKind = (typeof photoStorageKinds)[number]

/** The settings PHOTO_STORAGE=s3 cannot do without. */
const s3Settings = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const

/** An unset setting given as an empty string (`PUBLIC_URL=`) counts as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** `true` or `false` (also 1/0, yes/no, on/off), for a setting that switches something on. */
const flag = () => z.stringbool().default(false)

/**
 * Every setting the server reads from the environment, validated once at start-up (ADR 016).
 * `npm start` with none is a local demo: development mode on 127.0.0.1. Production is chosen with
 * NODE_ENV=production only, and then every setting it needs must be given (productionRules).
 */
const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Listen address: loopback, so a demo is not on the network. 0.0.0.0 listens on every interface. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The site's public origin, used in links inside e-mails and as the one trusted origin in
   * production, where it is required. In development it defaults to http://localhost:<PORT>.
   */
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** PostgreSQL 15+; when empty, the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().default(''),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the API serves it when present. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  /**
   * Signs session cookies, tokens and guests' e-mail proofs: at least 32 random characters.
   * Required in production. In development, empty: one is made on first start and kept in
   * DATA_DIR/auth-secret (local-secret.ts).
   */
  AUTH_SECRET: z
    .string()
    .refine((secret) => secret === '' || secret.length >= 32, 'must be at least 32 characters')
    .default(''),
  /**
   * SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465. Required in
   * production. Empty in development: mails go to /dev/mailbox.
   */
  SMTP_URL: z
    .string()
    .refine((url) => url === '' || /^smtps?:\/\/[^/]/.test(url), 'must be an smtp:// or smtps:// URL')
    .default(''),
  MAIL_FROM: z.string().min(3).default('DayPass Bahrain <no-reply@daypass.bh>'),
  /** How often the mail worker looks for queued mail. */
  MAIL_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /**
   * How long a server's claim on queued mail lasts: mail a killed server had claimed is sent by
   * another after this. A claim takes no more mails than can be sent within it, each allowed the
   * SMTP timeout (15 s), so it is no shorter than that.
   */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(15).max(3600).default(120),
  /**
   * After SIGTERM, how long the server keeps serving while saying it is not ready, so the load
   * balancer's health check sees it and sends new requests elsewhere. Empty: 2500 ms in production
   * (two checks 500 ms apart, and margin), none in development.
   */
  SHUTDOWN_DRAIN_MS: optional(z.coerce.number().int().min(0).max(60_000)),
  /** The longest a shutdown may take, drain included; then the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(9000),
  /**
   * How long after a visit is checked in its review invitation is sent (docs/catalog.md, "Reviews"):
   * after the visit rather than at the door.
   */
  REVIEW_INVITE_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(180),
  /** How long the API serves the catalog from memory before reading it again. */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Orders one client IP may place per 10 minutes. Load tests raise it (bench/checkout.ts): every
   * request there comes from 127.0.0.1.
   */
  CHECKOUT_ORDERS_PER_IP: z.coerce.number().int().min(1).default(100),
  /**
   * Redis for the rate limits' counters, shared by every server process (redis://host:6379). Empty:
   * each process counts in its own memory, which is right for one process only.
   */
  REDIS_URL: z.string().trim().default(''),
  /** The proxies in front of the server whose X-Forwarded-For is believed (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  /**
   * Lets a scraper off this machine read /metrics with `Authorization: Bearer <token>`: at least 32
   * random characters. Empty: /metrics answers only on the loopback interface, with no proxy between.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .refine(
      (token) => token === '' || token.length >= 32,
      'must be at least 32 characters (openssl rand -hex 32)',
    )
    .default(''),
  /** Prefix of the rate limits' keys in Redis: processes of one site share it. */
  RATE_LIMIT_NAMESPACE: z.string().trim().min(1).default('daypass-rate-limit:'),
  /** Address shown in the footer and used as the team's inbox. */
  TEAM_EMAIL: z.email().default('admin@daypass.bh'),
  /**
   * PayPal REST app's client id; with the secret set, cards are taken through PayPal. Without them,
   * cards are taken in the labelled test mode outside production, and are off in production unless
   * PAYMENTS_TEST_MODE is true.
   */
  PAYPAL_CLIENT_ID: z.string().trim().default(''),
  /** PayPal REST app's secret: stays on the server. */
  PAYPAL_CLIENT_SECRET: z.string().trim().default(''),
  /** PayPal's REST API: the sandbox, or https://api-m.paypal.com for live payments. */
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  /** How long one call to PayPal may take before the payment is reported as unavailable. */
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Production only: take card payments in the test mode (no money moves; the page says so) instead
   * of switching cards off when PayPal is not set up. For a staging site.
   */
  PAYMENTS_TEST_MODE: flag(),
  /**
   * Tap Payments' secret key (sk_test_… or sk_live_…): with it, BENEFIT and cards in BD are taken
   * through Tap; it also signs Tap's webhooks. Without it, as PayPal: the labelled test mode outside
   * production, nothing in production unless PAYMENTS_TEST_MODE (docs/decisions/049).
   */
  TAP_SECRET_KEY: z
    .string()
    .trim()
    .refine(
      (key) => key === '' || /^sk_(test|live)_\S+$/.test(key),
      'must be a Tap secret key: sk_test_… or sk_live_…',
    )
    .default(''),
  /** Tap's API; unset, https://api.tap.company. Set without TAP_SECRET_KEY, start-up stops. */
  TAP_API_BASE: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** How long one call to Tap may take before the payment is reported as unavailable. */
  TAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Production only: publish the API's OpenAPI document at /api/openapi.json (always there in development). */
  OPENAPI_PUBLIC: flag(),
  /**
   * Personal data is kept no longer than needed (docs/decisions/017): after this many days a sent
   * mail keeps only its template, status and times (its address and contents are cleared).
   */
  RETENTION_SENT_MAIL_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Days after which a contact message's attachment is deleted; the message itself is kept. */
  RETENTION_CONTACT_ATTACHMENT_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Days a guest (anonymous) account without an order is kept after its last use, with its sessions. */
  RETENTION_ANONYMOUS_USER_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Anthropic API key for the equipment scanner. Empty: the scan page offers a manual equipment picker. */
  VISION_API_KEY: z.string().trim().default(''),
  /** The Anthropic Messages API (or a local fake in tests). */
  VISION_API_BASE: z.url().default('https://api.anthropic.com'),
  /** A Claude model with vision that names the equipment in a photo. */
  VISION_MODEL: z.string().trim().min(1).default('claude-sonnet-5'),
  /** How long the model may take to answer before the scan is reported as failed. */
  VISION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /**
   * Where the team's venue photos are kept (docs/decisions/038): `disk` (DATA_DIR/images/venues/,
   * one server), `database` (a table in the database, shared by every server on it) or `s3` (a
   * bucket). Unset: `database` on PostgreSQL (DATABASE_URL set), `disk` on the embedded database.
   */
  PHOTO_STORAGE: optional(z.enum(photoStorageKinds)),
  /** The bucket, for PHOTO_STORAGE=s3; with S3_REGION and both keys. */
  S3_BUCKET: z.string().trim().default(''),
  S3_REGION: z.string().trim().default(''),
  /** An S3-compatible service's address (https://…); empty for Amazon S3 itself. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
  /** Address the bucket in the path (endpoint/bucket/key), as most S3-compatible services want. */
  S3_FORCE_PATH_STYLE: flag(),
})

/**
 * What production needs, each problem naming its setting: production is never reached with a
 * development default (ADR 016).
 */
function productionRules(settings: z.output<typeof settingsSchema>, ctx: z.RefinementCtx) {
  if (settings.NODE_ENV !== 'production') return
  const problem = (setting: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [setting], message })
  if (!settings.AUTH_SECRET)
    problem(
      'AUTH_SECRET',
      'is required in production: at least 32 random characters (openssl rand -base64 32)',
    )
  else if (publicSecrets.includes(settings.AUTH_SECRET))
    problem('AUTH_SECRET', 'is a development value published in the source: generate a new one')
  if (!settings.SMTP_URL) problem('SMTP_URL', 'is required in production: mail would not be delivered')
  for (const [setting, value] of Object.entries(settings))
    if (typeof value === 'string' && value.includes(examplePlaceholder))
      problem(setting, `still holds the example's ${examplePlaceholder}: set the real value`)
  // Card and BENEFIT payments, and Tap's answers about them, travel on it.
  if (settings.TAP_API_BASE && !settings.TAP_API_BASE.startsWith('https://'))
    problem('TAP_API_BASE', 'must be an https:// URL in production: payments travel on it')
  if (!settings.PUBLIC_URL)
    problem('PUBLIC_URL', 'is required in production: the origin visitors use, e.g. https://daypass.bh')
  // Half a PayPal setup would quietly take "payments" in test mode, where no money moves.
  const hasId = Boolean(settings.PAYPAL_CLIENT_ID)
  if (hasId !== Boolean(settings.PAYPAL_CLIENT_SECRET)) {
    const [missing, present] = hasId
      ? ['PAYPAL_CLIENT_SECRET', 'PAYPAL_CLIENT_ID']
      : ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']
    problem(missing, `is empty but ${present} is set: set both for PayPal`)
  } else if (hasId && settings.PAYMENTS_TEST_MODE) {
    problem('PAYMENTS_TEST_MODE', 'is true but PayPal is set up: choose one')
  }
}

/**
 * Half a Tap setup (its address without its key) would quietly take BENEFIT in test mode, or not at
 * all: it is refused at start-up, naming the missing setting, in development too.
 */
function tapRules(settings: z.output<typeof settingsSchema>, ctx: z.RefinementCtx) {
  const problem = (setting: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [setting], message })
  if (settings.TAP_API_BASE && !settings.TAP_SECRET_KEY)
    problem('TAP_SECRET_KEY', 'is empty but TAP_API_BASE is set: set both for Tap, or neither')
  if (settings.NODE_ENV === 'production' && settings.TAP_SECRET_KEY && settings.PAYMENTS_TEST_MODE)
    problem('PAYMENTS_TEST_MODE', 'is true but Tap is set up: choose one')
}

/**
 * Half an S3 setup would fail only at the first upload, on one server: it is refused at start-up,
 * every missing setting named, in development too.
 */
function photoStorageRules(settings: z.output<typeof settingsSchema>, ctx: z.RefinementCtx) {
  if (settings.PHOTO_STORAGE !== 's3') return
  const missing = s3Settings.filter((name) => !settings[name])
  if (missing.length)
    ctx.addIssue({
      code: 'custom',
      path: ['PHOTO_STORAGE'],
      message: `is s3 but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: set ${s3Settings.join(', ')} (and S3_ENDPOINT for a service other than Amazon S3)`,
    })
}

const configSchema = settingsSchema
  // Checked even when another setting is invalid, so that one start names every problem.
  .superRefine(productionRules, { when: () => true })
  .superRefine(photoStorageRules, { when: () => true })
  .superRefine(tapRules, { when: () => true })
  .transform((settings) => ({
    ...settings,
    PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`,
    TAP_API_BASE: settings.TAP_API_BASE ?? 'https://api.tap.company',
    SHUTDOWN_DRAIN_MS: settings.SHUTDOWN_DRAIN_MS ?? (settings.NODE_ENV === 'production' ? 2500 : 0),
    // The store every server of the site can read: the database they share, when it is PostgreSQL.
    PHOTO_STORAGE: settings.PHOTO_STORAGE ?? (settings.DATABASE_URL ? 'database' : 'disk'),
  }))

export type Config = z.output<typeof configSchema>

/**
 * The settings in `env`, or an error naming every missing or invalid one. In development the
 * AUTH_SECRET may still be empty: main.ts fills it with withLocalSecret (local-secret.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  }
  return result.data
}

/** A config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const defaults = configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: publicSecrets[1],
  })
  return { ...defaults, ...overrides }
}
