import { addDays, todayInBahrain } from '../../../shared/bahrain-time.ts'
import type { DeskBooking, DeskDay, DeskPaymentMethod } from '../../../shared/desk.ts'
import { westernDigits } from '../../../shared/normalise/digits.ts'
import {
  compactTicketReference,
  normaliseTicketReference,
  ticketReferenceFragment,
} from '../../../shared/normalise/ticket-reference.ts'
import { foldForSearch, matchesSearch } from '../../../shared/search-text.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import type { AccountCaller } from '../../platform/identity/caller.ts'
import { toDeskBooking } from '../visits/booking-shape.ts'
import {
  clearNoShow,
  dayBookings,
  findScopedBooking,
  markNoShow,
  recordDeskPayment,
  recordDeskRefund,
} from '../visits/desk-repository.ts'
import { findDeskVenue } from './repository.ts'
import { assertVenueInScope, type DeskScope } from './scope.ts'

/**
 * The desk's day, payment at the desk and no-shows (docs/desk.md). Each change is one conditional
 * UPDATE in a transaction with its audit row, so two desks acting at once change a booking once.
 * Check-in is in redeem.ts.
 */

/** A venue's day by hourly slot: counts over every booking, the list filtered by `search`. */
export async function deskDay(
  db: Database,
  scope: DeskScope,
  venueId: string,
  date: string,
  search = '',
): Promise<DeskDay> {
  assertVenueInScope(scope, venueId)
  if (!(await findDeskVenue(db, venueId))) throw new HttpError(404, 'GYM_NOT_FOUND')
  const bookings = (await dayBookings(db, scope, venueId, date)).map(toDeskBooking)
  const query = westernDigits(search).trim()
  const reference = referenceSearch(query)
  const matches = (booking: DeskBooking) =>
    !query ||
    reference(booking.reference) ||
    matchesSearch(
      foldForSearch(
        [booking.name, booking.email, booking.mobile, booking.reference].filter(Boolean).join(' '),
      ),
      query,
    ) ||
    // A mobile number typed with spaces, dashes or without its +.
    (/^[+\d\s-]+$/.test(query) &&
      (booking.mobile ?? '').replace(/\D/g, '').includes(query.replace(/\D/g, '')))
  const times = [...new Set(bookings.map((booking) => booking.time))].sort()
  const slots = times.map((time) => {
    const inSlot = bookings.filter((booking) => booking.time === time)
    const live = inSlot.filter((booking) => booking.state !== 'cancelled')
    return {
      time,
      booked: live.length,
      checkedIn: live.filter((booking) => booking.state === 'checked_in').length,
      toCome: live.filter((booking) => booking.state === 'to_come').length,
      bookings: inSlot.filter(matches),
    }
  })
  return {
    venueId,
    date,
    slots: query ? slots.filter((slot) => slot.bookings.length > 0) : slots,
  }
}

/**
 * A reference however it is typed (`dp58j9q98f`, `DP 58J9`, `٥٨J٩`): the whole reference, or at
 * least four of its characters in a row. Shorter text is left to the name search.
 */
function referenceSearch(query: string): (reference: string) => boolean {
  const whole = normaliseTicketReference(query)
  if (whole) return (reference) => reference === whole
  const fragment = ticketReferenceFragment(query)
  if (!fragment || fragment.length < 4) return () => false
  return (reference) => compactTicketReference(reference).includes(fragment)
}

async function scopedBooking(trx: Database, scope: DeskScope, id: number) {
  // Out of scope reads as absent: a desk learns nothing of another venue's bookings.
  const booking = await findScopedBooking(trx, scope, id)
  if (!booking) throw new HttpError(404, 'BOOKING_NOT_FOUND')
  return booking
}

async function reread(trx: Database, scope: DeskScope, id: number): Promise<DeskBooking> {
  return toDeskBooking(await scopedBooking(trx, scope, id))
}

/** Payment collected at the desk for a 'pay at venue' booking: once, with who and how. */
export async function takeDeskPayment(
  db: Database,
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  method: DeskPaymentMethod,
  now: Date,
): Promise<DeskBooking> {
  return db.transaction().execute(async (trx) => {
    const booking = await scopedBooking(trx, scope, id)
    if (!(await recordDeskPayment(trx, id, method, actor.id, now)))
      throw new HttpError(409, 'DESK_PAYMENT_NOT_DUE')
    await recordAudit(trx, actor, {
      action: 'booking.desk_payment',
      entityType: 'booking',
      entityId: id,
      venueId: booking.venue_id,
      before: { deskPayment: null },
      after: { deskPayment: method, amountFils: booking.price_fils },
    })
    return reread(trx, scope, id)
  })
}

/**
 * A cancelled visit's desk payment given back at the desk (managers): once, with who, when, how and
 * the amount (the price paid). Until then the venue holds the money and the visit stays on its
 * statement. Recording it again, or twice at once, changes nothing and answers the first record.
 */
export async function giveDeskPaymentBack(
  db: Database,
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  method: DeskPaymentMethod,
  now: Date,
): Promise<DeskBooking> {
  return db.transaction().execute(async (trx) => {
    const booking = await scopedBooking(trx, scope, id)
    if (booking.desk_refunded_at) return toDeskBooking(booking)
    if (!(await recordDeskRefund(trx, id, method, actor.id, now))) {
      // A concurrent record committed first (the update waited for it): answer with it.
      const current = await scopedBooking(trx, scope, id)
      if (current.desk_refunded_at) return toDeskBooking(current)
      throw new HttpError(409, 'DESK_REFUND_NOT_DUE')
    }
    await recordAudit(trx, actor, {
      action: 'booking.desk_refund',
      entityType: 'booking',
      entityId: id,
      venueId: booking.venue_id,
      before: { deskRefund: null, deskPayment: booking.desk_payment_method },
      after: { deskRefund: method, amountFils: booking.price_fils },
    })
    return reread(trx, scope, id)
  })
}

/** Marks a visit of today or before, not checked in, as a no-show; marking twice changes nothing. */
export async function markBookingNoShow(
  db: Database,
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  now: Date,
): Promise<DeskBooking> {
  return db.transaction().execute(async (trx) => {
    const booking = await scopedBooking(trx, scope, id)
    if (booking.no_show_at && !booking.checked_in_at && !booking.cancelled_at) return toDeskBooking(booking)
    if (!(await markNoShow(trx, id, todayInBahrain(now), now)))
      throw new HttpError(409, 'NO_SHOW_NOT_ALLOWED')
    await recordAudit(trx, actor, {
      action: 'booking.no_show',
      entityType: 'booking',
      entityId: id,
      venueId: booking.venue_id,
      before: { noShowAt: null },
      after: { noShowAt: now.toISOString() },
    })
    return reread(trx, scope, id)
  })
}

/** Takes a no-show mark back, until the end of the day after the visit (Bahrain). */
export async function clearBookingNoShow(
  db: Database,
  actor: AccountCaller,
  scope: DeskScope,
  id: number,
  now: Date,
): Promise<DeskBooking> {
  return db.transaction().execute(async (trx) => {
    const booking = await scopedBooking(trx, scope, id)
    if (!booking.no_show_at) return toDeskBooking(booking)
    if (!(await clearNoShow(trx, id, addDays(todayInBahrain(now), -1), now)))
      throw new HttpError(409, 'NO_SHOW_CORRECTION_CLOSED')
    await recordAudit(trx, actor, {
      action: 'booking.no_show_undo',
      entityType: 'booking',
      entityId: id,
      venueId: booking.venue_id,
      before: { noShowAt: booking.no_show_at.toISOString() },
      after: { noShowAt: null },
    })
    return reread(trx, scope, id)
  })
}
