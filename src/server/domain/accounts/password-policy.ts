import { APIError, createAuthMiddleware } from 'better-auth/api'
import type { z } from 'zod'
import { accountNameSchema, passwordSchema } from '../../../shared/accounts.ts'

/**
 * better-auth's endpoints that set a password or a name, and the body field of each. Our rules
 * (src/shared/accounts.ts) apply to every one of them, not only to /api/accounts/register, so no
 * path accepts `password`, `12345678` or a 100 000-character name.
 */
const checkedFields: Record<string, Record<string, z.ZodType>> = {
  '/sign-up/email': { password: passwordSchema, name: accountNameSchema },
  '/reset-password': { newPassword: passwordSchema },
  '/change-password': { newPassword: passwordSchema },
  '/set-password': { newPassword: passwordSchema },
  '/update-user': { name: accountNameSchema },
}

/**
 * A better-auth `before` hook: refuses a request whose password or name breaks our rules with 400
 * and field errors, in the API's error shape (`{code, message, fields}`), before the endpoint runs.
 * It runs for HTTP requests and for our own server-side calls (`auth.api.signUpEmail`) alike.
 */
export const passwordPolicy = createAuthMiddleware(async (ctx) => {
  const fields = checkedFields[ctx.path]
  if (!fields) return
  // A body that is no object at all is better-auth's to refuse, with its own validation.
  if (typeof ctx.body !== 'object' || ctx.body === null || Array.isArray(ctx.body)) return
  const body = ctx.body as Record<string, unknown>
  const problems: Record<string, string> = {}
  for (const [field, schema] of Object.entries(fields)) {
    // An absent optional field (update-user without a name) is not set, so not checked.
    if (!(field in body) && ctx.path === '/update-user') continue
    const result = schema.safeParse(body[field])
    if (!result.success) problems[field] = result.error.issues[0]?.message ?? 'Invalid value'
  }
  const first = Object.values(problems)[0]
  if (first)
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: first, fields: problems })
})
