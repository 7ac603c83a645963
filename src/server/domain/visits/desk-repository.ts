import { type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '../../platform/db/database.ts'
import type { DB, DeskPaymentMethod } from '../../platform/db/schema.ts'
import type { VenueScope } from '../../platform/identity/venue-scope.ts'

/** The desk's SQL on visits. Every read of bookings goes through `inScope`. */

type BookingQuery<O> = SelectQueryBuilder<DB & { b: DB['confirmed_bookings'] }, 'b', O>

/** Only bookings at venues the scope allows; an empty scope matches nothing. */
function inScope<O>(query: BookingQuery<O>, scope: VenueScope): BookingQuery<O> {
  if (scope.kind === 'all') return query
  if (scope.venueIds.length === 0) return query.where(sql<boolean>`false`)
  return query.where('b.venue_id', 'in', scope.venueIds)
}

/** A booking with the booker's name and contact (account or guest), as the desk shows it. */
function bookingsWithBooker(db: Database) {
  return db
    .selectFrom('confirmed_bookings as b')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('user_profiles as p', 'p.id', 'b.user_id')
    .selectAll('b')
    .select(['u.name as user_name', 'u.email as user_email', 'p.mobile_number as user_mobile'])
    .select(
      sql<number>`coalesce(b.cancellation_notice_hours, (select v.cancellation_notice_hours from venues v where v.id = b.venue_id), 24)`.as(
        'notice_hours',
      ),
    )
}

export type DeskBookingRow = Awaited<ReturnType<typeof findScopedBooking>> & {}

/** One venue's bookings on one date, by hour then id. */
export async function dayBookings(db: Database, scope: VenueScope, venueId: string, date: string) {
  return inScope(bookingsWithBooker(db), scope)
    .where('b.venue_id', '=', venueId)
    .where('b.booking_date', '=', date)
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
}

/** A booking by id, only if it is at a venue in the scope. */
export async function findScopedBooking(db: Database, scope: VenueScope, id: number) {
  return inScope(bookingsWithBooker(db), scope).where('b.id', '=', id).executeTakeFirst()
}

/**
 * A booking by its reference, only at a venue in the scope: another venue's reads as unknown, so a
 * desk cannot learn which references exist elsewhere. The redeem tells the caller's own venues apart.
 */
export async function findBookingByReference(db: Database, scope: VenueScope, reference: string) {
  return inScope(bookingsWithBooker(db), scope).where('b.reference', '=', reference).executeTakeFirst()
}

/**
 * A party: the visits of `id`'s order at its venue on its date, by time then id, only in the scope.
 * Undefined when `id` itself is outside the scope, so another venue's party reads as unknown.
 */
export async function findPartyOf(db: Database, scope: VenueScope, id: number) {
  const one = await findScopedBooking(db, scope, id)
  if (!one) return undefined
  const bookings = await inScope(bookingsWithBooker(db), scope)
    .where('b.order_id', '=', one.order_id)
    .where('b.venue_id', '=', one.venue_id)
    .where('b.booking_date', '=', one.booking_date)
    .orderBy('b.booking_time')
    .orderBy('b.id')
    .execute()
  return { orderId: one.order_id, venueId: one.venue_id, bookings }
}

export async function findBookingById(db: Database, id: number) {
  return bookingsWithBooker(db).where('b.id', '=', id).executeTakeFirst()
}

/**
 * The check-in itself: one conditional UPDATE, so of any number of concurrent scans exactly one
 * finds the booking not yet checked in, paid (online or at the desk) and not cancelled.
 */
export async function checkIn(
  trx: Database,
  id: number,
  by: string,
  at: Date,
  override: 'too_early' | 'too_late' | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('confirmed_bookings')
    .set({ checked_in_at: at, checked_in_by: by, check_in_override: override, no_show_at: null })
    .where('id', '=', id)
    .where('checked_in_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where((eb) => eb.or([eb('payment_status', '=', 'paid'), eb('desk_paid_at', 'is not', null)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Payment at the desk, once, for a 'pay at venue' booking not cancelled. */
export async function recordDeskPayment(
  trx: Database,
  id: number,
  method: DeskPaymentMethod,
  by: string,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('confirmed_bookings')
    .set({ desk_payment_method: method, desk_paid_at: at, desk_paid_by: by })
    .where('id', '=', id)
    .where('payment_status', '=', 'pay at venue')
    .where('desk_paid_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Takes back a desk payment recorded by mistake, while the visit is not checked in (nor cancelled,
 * nor its money given back). The row is locked first, so what is read is what is undone: a
 * concurrent collect, undo or check-in of the visit waits for this transaction, or this for it.
 * Says what it undid (the method, when and the amount, for the audit), or why it could not.
 */
export async function undoDeskPayment(
  trx: Database,
  id: number,
  /** Only a payment collected at or after this may be undone (staff's window); any, without it. */
  collectedSince?: Date,
): Promise<
  | { undone: { method: DeskPaymentMethod; at: Date; priceFils: number } }
  | { refused: 'checked_in' | 'no_show' | 'too_late' | 'not_collected' }
> {
  const row = await trx
    .selectFrom('confirmed_bookings')
    .select([
      'desk_payment_method',
      'desk_paid_at',
      'checked_in_at',
      'no_show_at',
      'cancelled_at',
      'desk_refunded_at',
      'price_fils',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
  if (!row?.desk_paid_at || !row.desk_payment_method || row.cancelled_at || row.desk_refunded_at)
    return { refused: 'not_collected' }
  if (row.checked_in_at) return { refused: 'checked_in' }
  // A no-show is a fact of the desk the venue's commission hangs on, as a check-in is (ADR 030).
  if (row.no_show_at) return { refused: 'no_show' }
  if (collectedSince && row.desk_paid_at < collectedSince) return { refused: 'too_late' }
  await trx
    .updateTable('confirmed_bookings')
    .set({ desk_payment_method: null, desk_paid_at: null, desk_paid_by: null })
    .where('id', '=', id)
    .where('checked_in_at', 'is', null)
    .execute()
  return { undone: { method: row.desk_payment_method, at: row.desk_paid_at, priceFils: row.price_fils } }
}

/**
 * A cancelled visit's desk payment given back at the desk, once: the whole price it was paid, how,
 * when and by whom. False when it was not paid at the desk, is not cancelled, or was given back.
 */
export async function recordDeskRefund(
  trx: Database,
  id: number,
  method: DeskPaymentMethod,
  by: string,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('confirmed_bookings')
    .set((eb) => ({
      desk_refund_method: method,
      desk_refunded_at: at,
      desk_refunded_by: by,
      desk_refund_fils: eb.ref('price_fils'),
    }))
    .where('id', '=', id)
    .where('desk_paid_at', 'is not', null)
    .where('cancelled_at', 'is not', null)
    .where('desk_refunded_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Marks a visit on or before `today` not checked in, not cancelled and not yet marked. */
export async function markNoShow(trx: Database, id: number, today: string, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('confirmed_bookings')
    .set({ no_show_at: at })
    .where('id', '=', id)
    .where('booking_date', '<=', today)
    .where('checked_in_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('no_show_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Takes a mark back while the visit is no more than a day ago; the sweep then leaves it alone. */
export async function clearNoShow(trx: Database, id: number, earliestDate: string, at: Date) {
  const result = await trx
    .updateTable('confirmed_bookings')
    .set({ no_show_at: null, no_show_cleared_at: at })
    .where('id', '=', id)
    .where('no_show_at', 'is not', null)
    .where('booking_date', '>=', earliestDate)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Every visit before `today` with no check-in becomes a no-show, unless cancelled or a mark the
 * desk took back. One statement, so two servers sweeping together mark each booking once.
 */
export async function sweepNoShows(db: Database, today: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('confirmed_bookings')
    .set({ no_show_at: at })
    .where('booking_date', '<', today)
    .where('checked_in_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('no_show_at', 'is', null)
    .where('no_show_cleared_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
