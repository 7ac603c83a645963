import { betterAuth } from 'better-auth'
import { APIError } from 'better-auth/api'
import { anonymous } from 'better-auth/plugins'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'kysely'
import { englishText } from '../../../shared/errors.ts'
import type { Language } from '../../../shared/i18n.ts'
import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/db/database.ts'
import { localOriginOf } from '../../platform/http/same-origin.ts'
import { languageOf } from '../../platform/identity/caller.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { hashPassword, type ScryptParams, verifyPassword } from './password-hash.ts'
import { passwordPolicy } from './password-policy.ts'

export interface AuthDeps {
  config: Config
  db: Database
  /** better-auth's own messages go to the server's log (where addresses are masked), not the console. */
  log?: FastifyBaseLogger
  /** OWASP's scrypt unless given (AppDeps.passwordHashing). */
  passwordHashing?: ScryptParams
}

/**
 * better-auth's endpoints that the site does not use, answered 404 as if they did not exist.
 * Registration is /api/accounts/register, which asks for the profile and applies the same rules.
 */
const disabledAuthPaths = ['/sign-up/email']

/**
 * better-auth: password hashing, sessions in the database behind an HttpOnly cookie, e-mail
 * verification and password reset links, and guest (anonymous) sessions. Tables and columns are
 * snake_case, as in the rest of our schema; the SQL is migration 004-auth.sql.
 */
export function createAuth({ config, db, log, passwordHashing }: AuthDeps) {
  const languageOfRequest = (request: Request | undefined): Language =>
    languageOf(request?.headers.get('cookie'), request?.headers.get('accept-language'))
  const firstName = (name: string) => name.split(' ')[0] ?? name
  return betterAuth({
    appName: 'DayPass Bahrain',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    // PUBLIC_URL's origin is trusted anyway. Outside production, so is the origin the browser
    // actually used, when it names this machine (127.0.0.1:3100, a LAN address): ADR 016.
    trustedOrigins:
      config.NODE_ENV === 'production'
        ? undefined
        : (request) => {
            const url = request && new URL(request.url)
            return [url && localOriginOf(url.protocol.slice(0, -1), url.host)]
          },
    database: { db, type: 'postgres' },
    telemetry: { enabled: false },
    logger: log
      ? {
          log: (level, message, ...args) =>
            log[level]({ details: args.map((arg) => (arg instanceof Error ? arg.message : arg)) }, message),
        }
      : undefined,
    disabledPaths: disabledAuthPaths,
    // One password and name policy on every path that sets them (password-policy.ts).
    hooks: { before: passwordPolicy },
    // Our own limits (auth-rate-limits.ts) apply per IP and per account, with our error shape.
    rateLimit: { enabled: false },
    // better-auth skips its origin and redirect-URL checks when NODE_ENV is test; keep them on, so
    // the tests see what production does (no redirect to another site after a link is opened).
    advanced: { disableOriginCheck: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // scrypt at OWASP's parameters instead of better-auth's cheaper default (password-hash.ts).
      password: { hash: (password) => hashPassword(password, passwordHashing), verify: verifyPassword },
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url, token }, request) {
        // Only the newest link works: asking again revokes the links sent before.
        await sql`DELETE FROM verifications
                   WHERE value = ${user.id} AND identifier LIKE 'reset-password:%'
                     AND identifier <> ${`reset-password:${token}`}`.execute(db)
        const payload = { url, name: firstName(user.name) }
        await enqueueMail(db, {
          template: 'password-reset',
          to: user.email,
          language: languageOfRequest(request),
          payload,
        })
      },
    },
    emailVerification: {
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }, request) {
        const payload = { url, name: firstName(user.name) }
        await enqueueMail(db, {
          template: 'account-activation',
          to: user.email,
          language: languageOfRequest(request),
          payload,
        })
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // Read by the caller (caller-plugin.ts): a deactivated account's session counts for nothing.
        deactivatedAt: { type: 'date', required: false, input: false, fieldName: 'deactivated_at' },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A deactivated account signs in to nothing: the right password gets ACCOUNT_DISABLED.
          async before(session) {
            const user = await db
              .selectFrom('users')
              .select('deactivated_at')
              .where('id', '=', session.userId)
              .executeTakeFirst()
            if (user?.deactivated_at)
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_DISABLED',
                message: englishText('ACCOUNT_DISABLED'),
              })
          },
          async after(session) {
            await db
              .updateTable('users')
              .set({ last_sign_in_at: new Date() })
              .where('id', '=', session.userId)
              .execute()
          },
        },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        userId: 'user_id',
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    plugins: [
      anonymous({
        emailDomainName: 'guest.daypass.bh',
        schema: { user: { fields: { isAnonymous: 'is_anonymous' } } },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
