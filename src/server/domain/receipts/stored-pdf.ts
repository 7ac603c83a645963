import { createHash } from 'node:crypto'
import type { Language } from '../../../shared/i18n.ts'
import type { Receipt } from '../../../shared/receipts.ts'
import type { Database } from '../../platform/db/database.ts'
import { receiptPdf } from './receipt-pdf.ts'

/**
 * A receipt's PDF is made once and kept (table receipt_pdfs, docs/receipts.md): making one costs
 * 0.2 to 1 s of CPU, reading it back a row. It is kept under the order, the language and a digest
 * of what it shows, so a visit the desk is paid for later (a new line) makes a new one, and nothing
 * else does: a receipt, once issued, never changes.
 */
export interface StoredPdfDeps {
  db: Database
  now: () => Date
  /** Told each time a PDF is actually made (receipt_pdfs_made_total). */
  made?: () => void
  /** The maker, receiptPdf unless a test counts it. */
  render?: (receipts: readonly Receipt[], language: Language) => Promise<Buffer>
}

/** What this process is making now, by order and content: a second request waits for the first. */
const making = new Map<string, Promise<Buffer>>()

export function contentKey(receipts: readonly Receipt[], language: Language): string {
  const digest = createHash('sha256').update(JSON.stringify(receipts)).digest('base64url')
  return `${language}:${digest}`
}

/**
 * The PDF of `receipts` (one order's, as one booker sees them) in `language`: the kept one, or made
 * now and kept. Requests at once in this process share one making; two servers racing keep the
 * first one written and both answer it.
 */
export function storedReceiptPdf(
  deps: StoredPdfDeps,
  orderId: string,
  receipts: readonly Receipt[],
  language: Language,
): Promise<Buffer> {
  const key = contentKey(receipts, language)
  const flight = `${orderId}|${key}`
  const pending = making.get(flight)
  if (pending) return pending
  const made = loadOrMake(deps, orderId, key, receipts, language).finally(() => making.delete(flight))
  making.set(flight, made)
  return made
}

async function loadOrMake(
  deps: StoredPdfDeps,
  orderId: string,
  key: string,
  receipts: readonly Receipt[],
  language: Language,
): Promise<Buffer> {
  const kept = await keptPdf(deps.db, orderId, key)
  if (kept) return kept
  const pdf = await (deps.render ?? receiptPdf)(receipts, language)
  deps.made?.()
  await deps.db
    .insertInto('receipt_pdfs')
    .values({ order_id: orderId, content_key: key, pdf, created_at: deps.now() })
    .onConflict((conflict) => conflict.columns(['order_id', 'content_key']).doNothing())
    .execute()
  // Another server may have kept its own first: every answer is then that one.
  return (await keptPdf(deps.db, orderId, key)) ?? pdf
}

async function keptPdf(db: Database, orderId: string, key: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('receipt_pdfs')
    .select('pdf')
    .where('order_id', '=', orderId)
    .where('content_key', '=', key)
    .executeTakeFirst()
  return row ? Buffer.from(row.pdf) : undefined
}
