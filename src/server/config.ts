import { z } from 'zod'

/**
 * Every setting the server reads from the environment, validated once at start-up.
 * Each has a default that is safe on a developer's machine, so `npm start` needs no setup.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin, used in links inside e-mails. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** PostgreSQL 15+; when empty, the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().default(''),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the API serves it when present. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  /** Signs session cookies and tokens: at least 32 random characters in production. */
  AUTH_SECRET: z
    .string()
    .min(32, 'AUTH_SECRET must be at least 32 characters')
    .default('development-only-secret-change-me-0123456789'),
  /** SMTP server for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465. Empty: mails go to /dev/mailbox. */
  SMTP_URL: z.string().default(''),
  MAIL_FROM: z.string().min(3).default('DayPass Bahrain <no-reply@daypass.bh>'),
  /** How often the mail worker looks for queued mail. */
  MAIL_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
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
  /** Prefix of the rate limits' keys in Redis: processes of one site share it. */
  RATE_LIMIT_NAMESPACE: z.string().trim().min(1).default('daypass-rate-limit:'),
  /** Address shown in the footer and used as the team's inbox. */
  TEAM_EMAIL: z.email().default('admin@daypass.bh'),
  /** PayPal REST app's client id; with the secret set, cards are taken through PayPal, else in test mode. */
  PAYPAL_CLIENT_ID: z.string().trim().default(''),
  /** PayPal REST app's secret: stays on the server. */
  PAYPAL_CLIENT_SECRET: z.string().trim().default(''),
  /** PayPal's REST API: the sandbox, or https://api-m.paypal.com for live payments. */
  PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
  /** How long one call to PayPal may take before the payment is reported as unavailable. */
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Anthropic API key for the equipment scanner. Empty: the scan page offers a manual equipment picker. */
  VISION_API_KEY: z.string().trim().default(''),
  /** The Anthropic Messages API (or a local fake in tests). */
  VISION_API_BASE: z.url().default('https://api.anthropic.com'),
  /** A Claude model with vision that names the equipment in a photo. */
  VISION_MODEL: z.string().trim().min(1).default('claude-sonnet-5'),
  /** How long the model may take to answer before the scan is reported as failed. */
  VISION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
})

export type Config = z.infer<typeof configSchema>

/**
 * Half a PayPal setup in production would quietly take "payments" in test mode, where no money
 * moves: refuse to start instead. Elsewhere the test mode is the intended fallback.
 */
const checkedConfigSchema = configSchema.superRefine((config, ctx) => {
  const hasId = Boolean(config.PAYPAL_CLIENT_ID)
  if (config.NODE_ENV !== 'production' || hasId === Boolean(config.PAYPAL_CLIENT_SECRET)) return
  const [missing, present] = hasId
    ? ['PAYPAL_CLIENT_SECRET', 'PAYPAL_CLIENT_ID']
    : ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']
  ctx.addIssue({
    code: 'custom',
    path: [missing],
    message: `is empty but ${present} is set: set both for PayPal, or neither for test payments (no money moves)`,
  })
})

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = checkedConfigSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  }
  return result.data
}

/** A config for tests and tools: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...configSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...overrides }
}
