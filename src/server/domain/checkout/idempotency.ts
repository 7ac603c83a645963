import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { idempotencyKeyPattern } from '../../../shared/checkout.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'

/** How long a key is remembered (Stripe keeps them 24 hours). */
export const idempotencyKeyHours = 24

export interface StoredAnswer {
  statusCode: number
  body: unknown
}

export function requireIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header
  if (!key) throw new HttpError(400, 'IDEMPOTENCY_KEY_REQUIRED')
  if (!idempotencyKeyPattern.test(key)) throw new HttpError(400, 'IDEMPOTENCY_KEY_INVALID')
  return key
}

/** A stable hash of a request body: the same key may only ever answer the same request. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

function reused(): HttpError {
  return new HttpError(422, 'IDEMPOTENCY_KEY_REUSED')
}

/** The answer already given for this key, if any; refuses the key if it answered another request. */
export async function findAnswer(
  db: Database,
  scope: string,
  key: string,
  hash: string,
): Promise<StoredAnswer | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${idempotencyKeyHours})`)
    .executeTakeFirst()
  if (!row) return undefined
  if (row.request_hash !== hash) throw reused()
  return { statusCode: row.status_code, body: row.response }
}

/**
 * Claims the key inside the order's transaction. A concurrent request with the same key waits on
 * the primary key until this transaction ends; it then finds the stored answer (commit) or claims
 * the key itself (rollback). Returns false when another request holds the key.
 */
export async function claimKey(trx: Database, scope: string, key: string, hash: string): Promise<boolean> {
  const insert = () =>
    trx
      .insertInto('idempotency_keys')
      .values({ scope, key, request_hash: hash, status_code: 0, response: 'null' })
      .onConflict((conflict) => conflict.doNothing())
      .returning('key')
      .executeTakeFirst()
  // A new key, the usual case, costs one statement; only a key seen before is checked for age.
  if (await insert()) return true
  // A key older than the retention window may be used again.
  const expired = await trx
    .deleteFrom('idempotency_keys')
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('created_at', '<=', sql<Date>`now() - make_interval(hours => ${idempotencyKeyHours})`)
    .executeTakeFirst()
  return expired.numDeletedRows > 0n && (await insert()) !== undefined
}

export async function saveAnswer(trx: Database, scope: string, key: string, answer: StoredAnswer) {
  await trx
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, response: JSON.stringify(answer.body) })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .execute()
}
