import { type Insertable, type InsertObject, type Selectable, sql } from 'kysely'
import { z } from 'zod'
import { type Order, quoteLineSchema } from '../../../shared/checkout.ts'
import { formatBhd } from '../../../shared/money.ts'
import { vatRatePercent } from '../../../shared/vat.ts'
import type { Database } from '../../platform/db/database.ts'
import type { DB, OrdersTable } from '../../platform/db/schema.ts'
import { usdCentsToString } from '../../platform/payments/usd.ts'
import type { PricedLine } from '../orders/pricing.ts'
import { toBooking } from '../visits/booking-shape.ts'
import type { BookingRow } from '../visits/repository.ts'
import { manageToken } from '../visits/ticket-codes.ts'

export type OrderRow = Selectable<OrdersTable>

type GuestDetails = { email: string; firstName: string; lastName: string; mobile: string }

/**
 * Writes the order, its lines and, for a guest, the guest row it points to, in one statement (round
 * trips are most of checkout's cost). The lines are the quote's, in its order: `position` is each
 * one's index, which is how `confirmBookings` finds the line of each visit.
 */
export async function insertOrder(
  trx: Database,
  order: Omit<Insertable<OrdersTable>, 'guest_user_id'>,
  guest: GuestDetails | null,
  lines: readonly PricedLine[],
): Promise<OrderRow> {
  if (lines.length === 0) throw new Error(`order ${order.id} has no lines`)
  const rows = orderLineRows(order.id, lines)
  if (!guest)
    return trx
      .with('order', (db) => db.insertInto('orders').values(order).returningAll())
      .with('lines', (db) => db.insertInto('order_lines').values(rows).returning('id'))
      .selectFrom('order')
      .selectAll()
      .executeTakeFirstOrThrow()
  return trx
    .with('guest', (db) =>
      db
        .insertInto('guest_users')
        .values({
          email: guest.email,
          first_name: guest.firstName,
          last_name: guest.lastName,
          mobile_number: guest.mobile,
        })
        .returning('id'),
    )
    .with('order', (db) =>
      db
        .insertInto('orders')
        .values((eb) => ({ ...order, guest_user_id: eb.selectFrom('guest').select('guest.id') }))
        .returningAll(),
    )
    .with('lines', (db) => db.insertInto('order_lines').values(rows).returning('id'))
    .selectFrom('order')
    .selectAll()
    .executeTakeFirstOrThrow()
}

/**
 * The quote's lines as the order keeps them: one person per unit, at the price quoted, and the VAT
 * rate the venue sells under as the order is placed (ADR 054).
 */
function orderLineRows(orderId: string, lines: readonly PricedLine[]): InsertObject<DB, 'order_lines'>[] {
  return lines.map((line, position) => ({
    order_id: orderId,
    position,
    venue_id: line.gymId,
    pass_id: line.passId,
    visit_date: line.date,
    visit_hour: line.hour,
    adults: line.quantity,
    quantity: line.quantity,
    unit_list_price_fils: line.priceFils,
    unit_price_paid_fils: line.priceFils,
    vat_rate_percent: sql<
      number | null
    >`(select case when vat_registered then ${vatRatePercent}::smallint end from venues where id = ${line.gymId})`,
  }))
}

export async function loadOrder(db: Database, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

/** One line of a stored order (table order_lines, ADR 054), in the words the domain uses. */
export interface OrderLine {
  id: number
  position: number
  venueId: string
  passId: string
  ticketType: 'person' | 'group'
  /** yyyy-mm-dd */
  date: string
  hour: number
  adults: number
  children: number
  /** Units sold: people on a person line, groups on a group line. */
  quantity: number
  /** The places the line takes in its slot. */
  places: number
  unitListPriceFils: number
  unitPricePaidFils: number
  childUnitPricePaidFils: number | null
  vatRatePercent: number | null
}

/**
 * The order's lines, in its order; the caller holds the order's row. An order placed by a server of the release before lines (during
 * a rolling restart across migration 034) has none: they are made from its `items` here, once, in
 * the caller's transaction, as the migration made them.
 */
export async function linesOfOrder(trx: Database, orderId: string): Promise<OrderLine[]> {
  const stored = await trx
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute()
  const rows = stored.length > 0 ? stored : await linesFromItems(trx, orderId)
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    venueId: row.venue_id,
    passId: row.pass_id,
    ticketType: row.ticket_type,
    date: row.visit_date,
    hour: row.visit_hour,
    adults: row.adults,
    children: row.children,
    quantity: row.quantity,
    places: row.quantity * row.places_per_unit,
    unitListPriceFils: row.unit_list_price_fils,
    unitPricePaidFils: row.unit_price_paid_fils,
    childUnitPricePaidFils: row.child_unit_price_paid_fils,
    vatRatePercent: row.vat_rate_percent,
  }))
}

async function linesFromItems(trx: Database, orderId: string) {
  const order = await trx.selectFrom('orders').select('items').where('id', '=', orderId).executeTakeFirst()
  const items = order ? orderLines(order) : []
  if (items.length === 0) return []
  return trx.insertInto('order_lines').values(orderLineRows(orderId, items)).returningAll().execute()
}

/** What an order's `items` column holds: the priced lines as they were when it was placed. */
const storedLinesSchema = z.array(
  quoteLineSchema.extend({ capacity: z.number().int(), hour: z.number().int().min(0).max(23) }),
)

/** The order's priced lines, checked: a row that does not hold them is a bug, not a visitor's error. */
export function orderLines(order: { items: unknown }): PricedLine[] {
  return storedLinesSchema.parse(order.items)
}

/** Keeps the provider's order id on the first call only; returns it, or undefined if one was there. */
export async function saveProviderOrder(
  db: Database,
  orderId: string,
  providerOrderId: string,
  provider: string,
): Promise<string | undefined> {
  const saved = await db
    .updateTable('orders')
    .set({ provider_order_id: providerOrderId, payment_provider: provider })
    .where('id', '=', orderId)
    .where('provider_order_id', 'is', null)
    .returning('provider_order_id')
    .executeTakeFirst()
  return saved?.provider_order_id ?? undefined
}

/** Confirms an order still awaiting payment, with its capture id; undefined if it was not awaiting. */
export async function markOrderPaid(trx: Database, orderId: string, captureId: string, now: Date) {
  return trx
    .updateTable('orders')
    .set({ status: 'confirmed', confirmed_at: now, provider_capture_id: captureId })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .returningAll()
    .executeTakeFirst()
}

/** Ends an order still awaiting payment; returns its id, or undefined if it was not awaiting. */
export async function endUnpaidOrder(
  trx: Database,
  orderId: string,
  status: 'expired' | 'payment_failed',
  reason: string | null,
) {
  return trx
    .updateTable('orders')
    .set({ status, payment_error: reason })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_payment')
    .returning('id')
    .executeTakeFirst()
}

/** Unpaid card orders whose hold ended before `before`, a page at a time. */
export async function expiredUnpaidOrders(db: Database, before: Date, limit = 100) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'awaiting_payment')
    .where('hold_expires_at', '<', before)
    .limit(limit)
    .execute()
}

/** The guest an order was placed by, as bookings copy them; null for an account's order. */
export async function guestOfOrder(
  db: Database,
  order: Pick<OrderRow, 'guest_user_id'>,
): Promise<GuestDetails | null> {
  if (!order.guest_user_id) return null
  const guest = await db
    .selectFrom('guest_users')
    .select(['email', 'first_name', 'last_name', 'mobile_number'])
    .where('id', '=', order.guest_user_id)
    .executeTakeFirst()
  return guest
    ? {
        email: guest.email,
        firstName: guest.first_name,
        lastName: guest.last_name,
        mobile: guest.mobile_number,
      }
    : null
}

/** Who pays an order, as a payment page asks: the guest, or the account's names and mobile. */
export async function payerOfOrder(
  db: Database,
  order: Pick<OrderRow, 'guest_user_id' | 'user_id' | 'contact_email'>,
): Promise<{ firstName: string; lastName: string; email: string; phone: string }> {
  const guest = await guestOfOrder(db, order)
  if (guest)
    return { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, phone: guest.mobile }
  const user = order.user_id
    ? await db
        .selectFrom('users as u')
        .leftJoin('user_profiles as p', 'p.id', 'u.id')
        .select(['p.first_name', 'p.last_name', 'u.email', 'p.mobile_number'])
        .where('u.id', '=', order.user_id)
        .executeTakeFirst()
    : undefined
  return {
    firstName: user?.first_name || 'DayPass',
    lastName: user?.last_name || 'Visitor',
    email: user?.email ?? order.contact_email,
    phone: user?.mobile_number ?? '',
  }
}

/**
 * The order as its booker sees it. A guest's bookings carry the signed token of their manage
 * link, so the confirmation can take them to their booking: the same link their mail has.
 */
export function toOrder(
  order: Pick<OrderRow, 'id' | 'status' | 'payment_method' | 'total_fils' | 'total_usd_cents'>,
  bookings: BookingRow[],
  secret: string,
): Order {
  return {
    id: order.id,
    status: order.status,
    paymentMethod: order.payment_method,
    totalFils: order.total_fils,
    total: formatBhd(order.total_fils),
    totalUsd: usdCentsToString(order.total_usd_cents),
    bookings: bookings.map((booking) => ({
      ...toBooking(booking),
      manageToken: booking.user_id ? null : manageToken(secret, booking),
    })),
  }
}

/** The account's orders, newest first, as its data export shows them. */
export async function listUserOrders(db: Database, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_method', 'total_fils', 'contact_email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute()
}

/**
 * A deleted account's orders stay for the accounts (amounts, status, PayPal's ids) without the
 * account or its address. Its idempotency keys, which keep whole answers, go.
 */
export async function anonymiseUserOrders(trx: Database, userId: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ user_id: null, contact_email: '' })
    .where('user_id', '=', userId)
    .execute()
  await trx.deleteFrom('idempotency_keys').where('scope', '=', `user:${userId}`).execute()
}
