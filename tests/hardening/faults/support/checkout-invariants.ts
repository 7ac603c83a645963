import type pg from 'pg'
import { expect } from 'vitest'

interface OrderRow {
  id: string
  status: string
  guest_user_id: string | null
  items: Array<{ gymId: string; date: string; hour: number }>
}

const countBy = (keys: string[]) => {
  const counts: Record<string, number> = {}
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1
  return counts
}

/**
 * Asserts that the checkout tables tell one consistent story, as they must after any crash:
 * every order is whole (one booking per visit once confirmed, none while its payment is awaited),
 * no booking, confirmation mail, guest or idempotency key exists without its order, and each
 * slot's count of places taken is exactly the places its held and confirmed orders use.
 * Returns how many orders and bookings there are.
 */
export async function checkDatabaseInvariants(db: pg.Client): Promise<{ orders: number; bookings: number }> {
  const orders = (await db.query<OrderRow>('SELECT id, status, guest_user_id::text, items FROM orders')).rows
  const bookings = (
    await db.query<{ id: string; order_id: string }>('SELECT id::text, order_id FROM confirmed_bookings')
  ).rows
  const orderIds = new Set(orders.map((order) => order.id))

  const bookingsPerOrder = countBy(bookings.map((booking) => booking.order_id))
  for (const order of orders)
    expect(bookingsPerOrder[order.id] ?? 0, `bookings of order ${order.id} (${order.status})`).toBe(
      order.status === 'confirmed' ? order.items.length : 0,
    )
  expect(bookings.filter((booking) => !orderIds.has(booking.order_id))).toEqual([])

  const placesUsed = orders
    .filter((order) => order.status === 'confirmed' || order.status === 'awaiting_payment')
    .flatMap((order) => order.items.map((item) => `${item.gymId}|${item.date}|${item.hour}`))
  const { rows: slots } = await db.query<{ slot: string; taken: number }>(
    "SELECT venue_id || '|' || slot_date::text || '|' || slot_hour AS slot, taken FROM slot_occupancy WHERE taken > 0",
  )
  expect(Object.fromEntries(slots.map((row) => [row.slot, row.taken]))).toEqual(countBy(placesUsed))

  // One confirmation per booked order, every visit of it in the one mail.
  const { rows: mails } = await db.query<{ order_id: string }>(
    "SELECT payload->>'orderId' AS order_id FROM mail_outbox WHERE template = 'booking-confirmation'",
  )
  expect(mails.map((mail) => mail.order_id).sort()).toEqual(
    [...new Set(bookings.map((booking) => booking.order_id))].sort(),
  )

  const { rows: guests } = await db.query<{ id: string }>('SELECT id::text FROM guest_users')
  const orderGuests = new Set(orders.map((order) => order.guest_user_id))
  expect(guests.filter((guest) => !orderGuests.has(guest.id))).toEqual([])

  const { rows: keys } = await db.query<{ status_code: number; order_id: string }>(
    "SELECT status_code, response->>'id' AS order_id FROM idempotency_keys",
  )
  expect(keys.map((key) => key.status_code).filter((status) => status !== 201)).toEqual([])
  expect(keys.map((key) => key.order_id).sort()).toEqual([...orderIds].sort())

  return { orders: orders.length, bookings: bookings.length }
}
