import type { Selectable } from 'kysely'
import type { Booking } from '../../../shared/checkout.ts'
import type { Database } from '../../db/database.ts'
import type { ConfirmedBookingsTable } from '../../db/schema.ts'

export type BookingRow = Selectable<ConfirmedBookingsTable>

/** A stored booking as the API sends it: names kept in both languages, as they were when booked. */
export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    reference: row.reference,
    orderId: row.order_id,
    gymId: row.gym_id,
    gymName: { en: row.gym_name, ar: row.gym_name_ar },
    passId: row.pass_id,
    passName: { en: row.pass_name, ar: row.pass_name_ar },
    price: row.pass_price,
    priceFils: row.price_fils,
    date: row.booking_date,
    time: row.booking_time,
    location: { en: row.location, ar: row.location_ar },
    paymentStatus: row.payment_status,
    createdAt: row.created_at.toISOString(),
  }
}

/** One account's bookings, by visit date and hour; id keeps equal slots stable. */
export async function listUserBookings(db: Database, userId: string): Promise<Booking[]> {
  const rows = await db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('booking_date')
    .orderBy('booking_time')
    .orderBy('id')
    .execute()
  return rows.map(toBooking)
}

/**
 * A deleted account's bookings stay for the venue's records (venue, date, time, price, status) but
 * no longer say who booked: no account and no guest name, address or mobile.
 */
export async function anonymiseUserBookings(trx: Database, userId: string): Promise<void> {
  await trx
    .updateTable('confirmed_bookings')
    .set({
      user_id: null,
      guest_email: null,
      guest_first_name: null,
      guest_last_name: null,
      guest_mobile: null,
    })
    .where('user_id', '=', userId)
    .execute()
}
