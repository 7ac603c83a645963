import type { Selectable } from 'kysely'
import type { DeskPaymentMethod } from '../../../shared/desk.ts'
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-methods.ts'
import {
  type CreditNote,
  creditNoteNumberText,
  type Receipt,
  type ReceiptLine,
  receiptNumberText,
} from '../../../shared/receipts.ts'
import { vatIncludedFils } from '../../../shared/vat.ts'
import type { Database } from '../../platform/db/database.ts'
import type { OrdersTable, ReceiptsTable } from '../../platform/db/schema.ts'
import type { BookingRow } from '../visits/repository.ts'

type OrderRow = Selectable<OrdersTable>
type ReceiptRow = Selectable<ReceiptsTable>

/**
 * Which of an order's visits are paid, so have a receipt: every visit of an order paid online once
 * it is confirmed; a pay-at-venue visit once the desk took its money. A paid visit later cancelled
 * stays on its receipt: the receipt records the sale, and the refund is its own record.
 */
export function paidVisits(order: OrderRow, visits: readonly BookingRow[]): BookingRow[] {
  if (order.status !== 'confirmed') return []
  if (order.payment_method === 'venue') return visits.filter((visit) => visit.desk_paid_at !== null)
  return visits.filter((visit) => visit.payment_status === 'paid')
}

/** Whether the order has a receipt from this venue: once issued, a receipt is never rewritten. */
export async function hasReceipt(db: Database, orderId: string, venueId: string): Promise<boolean> {
  const row = await db
    .selectFrom('receipts')
    .select('receipt_number')
    .where('order_id', '=', orderId)
    .where('venue_id', '=', venueId)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The receipts of `visits` (an order's paid visits, as one booker sees them), one per venue: issued
 * now for a venue that has none yet, numbered after the venue's last receipt, with the venue's VAT
 * number as it stands. The venue's row is locked while its number is taken, so two receipts never
 * share one.
 */
export async function issueReceipts(
  db: Database,
  orderId: string,
  venueIds: readonly string[],
  now: Date,
): Promise<Map<string, ReceiptRow>> {
  const issued = new Map<string, ReceiptRow>()
  for (const venueId of new Set(venueIds)) {
    const row = await db.transaction().execute(async (trx) => {
      const venue = await trx
        .selectFrom('venues')
        .select(['vat_registered', 'vat_number'])
        .where('id', '=', venueId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const existing = await trx
        .selectFrom('receipts')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('venue_id', '=', venueId)
        .executeTakeFirst()
      if (existing) return existing
      const last = await trx
        .selectFrom('receipts')
        .select((eb) => eb.fn.max('receipt_number').as('last'))
        .where('venue_id', '=', venueId)
        .executeTakeFirst()
      return trx
        .insertInto('receipts')
        .values({
          order_id: orderId,
          venue_id: venueId,
          receipt_number: Number(last?.last ?? 0) + 1,
          issued_at: now,
          vat_number: venue.vat_registered ? venue.vat_number : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    issued.set(venueId, row)
  }
  return issued
}

function paymentMethodOf(order: OrderRow): PaymentMethod {
  const method = order.payment_method as string
  return (paymentMethods as readonly string[]).includes(method) ? (method as PaymentMethod) : 'card'
}

/**
 * A party on one line: the visits of one pass, day, hour and price. `amountOf` is what each visit
 * adds to its line: its price on a receipt, its refund on a credit note.
 */
function linesOf(
  visits: readonly BookingRow[],
  registered: boolean,
  amountOf: (visit: BookingRow) => number = (visit) => visit.price_fils,
): ReceiptLine[] {
  const lines = new Map<string, ReceiptLine>()
  for (const visit of visits) {
    const key = [visit.pass_id, visit.booking_date, visit.booking_time, visit.price_fils].join('|')
    const line = lines.get(key) ?? {
      pass: { en: visit.pass_name, ar: visit.pass_name_ar || visit.pass_name },
      date: visit.booking_date,
      time: visit.booking_time,
      quantity: 0,
      unitPriceFils: visit.price_fils,
      totalFils: 0,
      vatFils: null,
    }
    line.quantity += 1
    line.totalFils += amountOf(visit)
    lines.set(key, line)
  }
  // The VAT is worked out once per line, on its total.
  return [...lines.values()].map((line) => ({
    ...line,
    vatFils: registered ? vatIncludedFils(line.totalFils) : null,
  }))
}

/** The latest of the dates the desk took the money, or the order's confirmation. */
function paidAtOf(order: OrderRow, visits: readonly BookingRow[]): Date {
  if (order.payment_method === 'venue') {
    const times = visits.map((visit) => visit.desk_paid_at?.getTime() ?? 0)
    return new Date(Math.max(...times))
  }
  return order.confirmed_at ?? order.created_at
}

function deskMethodOf(order: OrderRow, visits: readonly BookingRow[]): DeskPaymentMethod | null {
  if (order.payment_method !== 'venue') return null
  const latest = [...visits]
    .sort((a, b) => (a.desk_paid_at?.getTime() ?? 0) - (b.desk_paid_at?.getTime() ?? 0))
    .at(-1)
  return latest?.desk_payment_method ?? null
}

/** A cancellation's refund of a visit on a receipt (booking_refunds, not a move's refund of a difference). */
export interface ReceiptRefund {
  bookingId: number
  amountFils: number
  status: 'pending' | 'refunded'
  createdAt: Date
}

/**
 * The credit notes under a receipt (ADR 050): the refunds of its visits cancelled together (one
 * cancel, one moment) on one note, oldest first, numbered after the receipt. The VAT each line gave
 * back is worked out as the receipt's was: once per line, only for a VAT-registered seller.
 */
function creditNotesOf(
  receiptNumber: string,
  visits: readonly BookingRow[],
  refunds: readonly ReceiptRefund[],
  registered: boolean,
): CreditNote[] {
  const byMoment = new Map<number, ReceiptRefund[]>()
  for (const refund of [...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const moment = refund.createdAt.getTime()
    byMoment.set(moment, [...(byMoment.get(moment) ?? []), refund])
  }
  return [...byMoment.entries()].map(([moment, group], index) => {
    const amounts = new Map(group.map((refund) => [refund.bookingId, refund.amountFils]))
    const refunded = visits.filter((visit) => amounts.has(visit.id))
    const lines = linesOf(refunded, registered, (visit) => amounts.get(visit.id) ?? 0)
    return {
      number: creditNoteNumberText(receiptNumber, index + 1),
      issuedAt: new Date(moment).toISOString(),
      refundStatus: group.every((refund) => refund.status === 'refunded') ? 'refunded' : 'pending',
      lines,
      totalFils: lines.reduce((sum, line) => sum + line.totalFils, 0),
      vatFils: registered ? lines.reduce((sum, line) => sum + (line.vatFils ?? 0), 0) : null,
    }
  })
}

/** One venue's receipt of an order, from its paid visits and the receipt row issued for them. */
export function toReceipt(
  order: OrderRow,
  visits: readonly BookingRow[],
  row: ReceiptRow,
  refunds: readonly ReceiptRefund[] = [],
): Receipt {
  const registered = row.vat_number !== null
  const lines = linesOf(visits, registered)
  const first = visits[0]
  return {
    number: receiptNumberText(row.receipt_number),
    venueId: row.venue_id,
    seller: {
      name: { en: first?.venue_name ?? '', ar: first?.venue_name_ar || first?.venue_name || '' },
      address: { en: first?.location ?? '', ar: first?.location_ar || first?.location || '' },
      vatNumber: row.vat_number,
    },
    paidAt: paidAtOf(order, visits).toISOString(),
    issuedAt: row.issued_at.toISOString(),
    lines,
    totalFils: lines.reduce((sum, line) => sum + line.totalFils, 0),
    vatFils: registered ? lines.reduce((sum, line) => sum + (line.vatFils ?? 0), 0) : null,
    payment: { method: paymentMethodOf(order), deskMethod: deskMethodOf(order, visits) },
    reference: { orderId: order.id, providerCaptureId: order.provider_capture_id },
    creditNotes: creditNotesOf(receiptNumberText(row.receipt_number), visits, refunds, registered),
  }
}

/** The cancellations' refunds of `visits`, for their receipts' credit notes. */
async function refundsOf(db: Database, visits: readonly BookingRow[]): Promise<ReceiptRefund[]> {
  if (visits.length === 0) return []
  const rows = await db
    .selectFrom('booking_refunds')
    .select(['booking_id', 'amount_fils', 'status', 'created_at'])
    .where(
      'booking_id',
      'in',
      visits.map((visit) => visit.id),
    )
    // A move's refund of a price difference is not a cancellation's.
    .where('change_number', 'is', null)
    .execute()
  return rows.map((refund) => ({
    bookingId: refund.booking_id,
    amountFils: refund.amount_fils,
    status: refund.status,
    createdAt: refund.created_at,
  }))
}

/**
 * The receipts of an order's visits that `visits` names (the booker's own, as their access decided),
 * issuing those not issued yet; none while nothing is paid.
 */
export async function receiptsFor(
  db: Database,
  order: OrderRow,
  visits: readonly BookingRow[],
  now: Date,
): Promise<Receipt[]> {
  const paid = paidVisits(order, visits)
  if (paid.length === 0) return []
  const rows = await issueReceipts(
    db,
    order.id,
    paid.map((visit) => visit.venue_id),
    now,
  )
  const refunds = await refundsOf(db, paid)
  return [...rows.values()].map((row) => {
    const sold = paid.filter((visit) => visit.venue_id === row.venue_id)
    const ids = new Set(sold.map((visit) => visit.id))
    return toReceipt(
      order,
      sold,
      row,
      refunds.filter((refund) => ids.has(refund.bookingId)),
    )
  })
}
