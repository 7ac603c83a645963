import type { Selectable } from 'kysely'
import type { Order } from '../../../shared/checkout.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import type { Database } from '../../db/database.ts'
import type { OrdersTable } from '../../db/schema.ts'
import { type BookingRow, toBooking } from '../bookings/repository.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { formatUsdCents, type PricedLine } from './pricing.ts'
import type { Requester } from './requester.ts'

export type OrderRow = Selectable<OrdersTable>

export async function insertGuest(trx: Database, requester: Requester & { kind: 'guest' }) {
  const row = await trx
    .insertInto('guest_users')
    .values({
      email: requester.email,
      first_name: requester.firstName,
      last_name: requester.lastName,
      mobile_number: requester.mobile,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function loadOrder(db: Database, id: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
}

export function orderLines(order: { items: unknown }): PricedLine[] {
  return order.items as PricedLine[]
}

/**
 * Writes one confirmed booking per line and queues one confirmation e-mail per booking, in the
 * caller's transaction (SPEC section 4, Submit).
 */
export async function confirmBookings(
  trx: Database,
  order: { id: string; user_id: string | null; contact_email: string; language: string },
  lines: PricedLine[],
  paymentStatus: 'paid' | 'pay at venue',
  guest: { email: string; firstName: string; lastName: string; mobile: string } | null,
): Promise<BookingRow[]> {
  const rows = await trx
    .insertInto('confirmed_bookings')
    .values(
      lines.map((line) => ({
        order_id: order.id,
        user_id: order.user_id,
        gym_id: line.gymId,
        gym_name: line.gymName.en,
        gym_name_ar: line.gymName.ar,
        pass_id: line.passId,
        pass_name: line.passName.en,
        pass_name_ar: line.passName.ar,
        pass_price: line.price,
        price_fils: line.priceFils,
        booking_date: line.date,
        booking_time: line.time,
        location: line.location.en,
        location_ar: line.location.ar,
        payment_status: paymentStatus,
        guest_email: guest?.email ?? null,
        guest_first_name: guest?.firstName ?? null,
        guest_last_name: guest?.lastName ?? null,
        guest_mobile: guest?.mobile ?? null,
      })),
    )
    .returningAll()
    .execute()
  for (const row of rows) {
    await enqueueMail(trx, {
      template: 'booking-confirmation',
      to: order.contact_email,
      language: order.language as Language,
      payload: { bookingId: row.id },
    })
  }
  return rows
}

export async function loadBookingsOf(db: Database, orderId: string) {
  return db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute()
}

export function toOrder(
  order: Pick<OrderRow, 'id' | 'status' | 'payment_method' | 'total_fils' | 'total_usd_cents'>,
  bookings: BookingRow[],
): Order {
  return {
    id: order.id,
    status: order.status,
    paymentMethod: order.payment_method,
    totalFils: order.total_fils,
    total: formatBhd(order.total_fils),
    totalUsd: formatUsdCents(order.total_usd_cents),
    bookings: bookings.map(toBooking),
  }
}
