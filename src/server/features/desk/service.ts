import { addDays, todayInBahrain } from '../../../shared/bahrain-time.ts'
import type {
  DeskBooking,
  DeskDay,
  DeskPaymentMethod,
  RedeemAnswer,
  RedeemRequest,
} from '../../../shared/desk.ts'
import { foldForSearch, matchesSearch } from '../../../shared/search-text.ts'
import type { Database } from '../../db/database.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { SignedInViewer } from '../../plugins/viewer.ts'
import { recordAudit } from '../audit/audit-log.ts'
import { isTicketSignatureOf, readTicketText } from '../tickets/ticket-codes.ts'
import {
  checkerName,
  checkIn,
  claimNonce,
  clearNoShow,
  type DeskBookingRow,
  dayBookings,
  findAttempt,
  findBookingById,
  findBookingByReference,
  findDeskVenue,
  findScopedBooking,
  markNoShow,
  recordDeskPayment,
  storeAnswer,
} from './repository.ts'
import { assertVenueInScope, type DeskScope } from './scope.ts'

/**
 * The desk's rules (DESIGN 6): check-in modelled on pretix's redeem, payment at the desk and
 * no-shows. Each change is one conditional UPDATE in a transaction with its audit row, so a race
 * between two desks (or a retried request) changes a booking once.
 */

const minuteMs = 60_000

/** The instant a slot starts: its date and hour in Bahrain (UTC+3, no daylight saving). */
export function slotStart(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+03:00`)
}

export function toDeskBooking(row: DeskBookingRow): DeskBooking {
  const guestName = [row.guest_first_name, row.guest_last_name].filter(Boolean).join(' ')
  return {
    id: Number(row.id),
    reference: row.reference,
    date: row.booking_date,
    time: row.booking_time,
    name: guestName || row.user_name || row.user_email || '',
    email: row.guest_email ?? row.user_email ?? null,
    mobile: row.guest_mobile ?? row.user_mobile ?? null,
    pass: { en: row.pass_name, ar: row.pass_name_ar },
    priceFils: row.price_fils,
    paymentStatus: row.payment_status,
    deskPayment:
      row.desk_payment_method && row.desk_paid_at
        ? { method: row.desk_payment_method, at: row.desk_paid_at.toISOString() }
        : null,
    state: row.cancelled_at
      ? 'cancelled'
      : row.checked_in_at
        ? 'checked_in'
        : row.no_show_at
          ? 'no_show'
          : 'to_come',
    checkedInAt: row.checked_in_at?.toISOString() ?? null,
    checkInOverride: row.check_in_override,
    noShowAt: row.no_show_at?.toISOString() ?? null,
  }
}

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
  const query = search.trim()
  const matches = (booking: DeskBooking) =>
    !query ||
    matchesSearch(
      foldForSearch(
        [booking.name, booking.email, booking.mobile, booking.reference].filter(Boolean).join(' '),
      ),
      query,
    ) ||
    // A mobile number typed with spaces or without its +.
    (/^[+\d\s]+$/.test(query) && (booking.mobile ?? '').replace(/\D/g, '').includes(query.replace(/\D/g, '')))
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

interface RedeemDeps {
  db: Database
  secret: string
}

interface Decision {
  bookingId: number | null
  answer: RedeemAnswer
}

/**
 * A scan at the desk. The nonce is claimed first, in the same transaction as the check-in and its
 * audit row: a retry (same nonce) gets the stored answer and changes nothing.
 */
export async function redeem(
  deps: RedeemDeps,
  actor: SignedInViewer,
  scope: DeskScope,
  request: RedeemRequest,
  now: Date,
): Promise<RedeemAnswer> {
  assertVenueInScope(scope, request.venueId)
  const venue = await findDeskVenue(deps.db, request.venueId)
  if (!venue) throw new HttpError(404, 'GYM_NOT_FOUND')
  // Text that names no ticket changes nothing and is answered alike every time: nothing is kept.
  if (!(await namesTicket(deps, request.text))) {
    const earlier = await findAttempt(deps.db, request.nonce)
    return earlier?.user_id === actor.id ? (earlier.answered as RedeemAnswer) : { status: 'invalid' }
  }
  const answer = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimNonce(trx, request.nonce, actor.id))) return undefined
    const decision = await decide(trx, deps.secret, actor, venue, request, now)
    await storeAnswer(trx, request.nonce, decision.bookingId, decision.answer.status, decision.answer)
    return decision.answer
  })
  if (answer) return answer
  const earlier = await findAttempt(deps.db, request.nonce)
  // A nonce is a scan's own: another account's nonce says nothing to this one.
  if (!earlier || earlier.user_id !== actor.id) throw new HttpError(409, 'NONCE_REUSED')
  return earlier.answered as RedeemAnswer
}

/** The booking a scanned or typed text names, when it is readable, known and (if signed) genuine. */
async function ticketBooking(db: Database, secret: string, text: string) {
  const read = readTicketText(text)
  if (!read) return undefined
  const booking = await findBookingByReference(db, read.reference)
  if (!booking) return undefined
  if (read.signature !== undefined && !isTicketSignatureOf(secret, booking, read.signature)) return undefined
  return booking
}

async function namesTicket(deps: RedeemDeps, text: string): Promise<boolean> {
  return (await ticketBooking(deps.db, deps.secret, text)) !== undefined
}

async function decide(
  trx: Database,
  secret: string,
  actor: SignedInViewer,
  venue: { id: string; check_in_opens_minutes: number; check_in_closes_minutes: number },
  request: RedeemRequest,
  now: Date,
): Promise<Decision> {
  const booking = await ticketBooking(trx, secret, request.text)
  if (!booking) return { bookingId: null, answer: { status: 'invalid' } }
  const id = Number(booking.id)
  // Nothing about a visit elsewhere is told: this desk may not be allowed to see it.
  if (booking.gym_id !== venue.id) return { bookingId: id, answer: { status: 'other_venue' } }

  const refusal = await refusalOf(trx, booking)
  if (refusal) return { bookingId: id, answer: refusal }
  if (booking.booking_date !== todayInBahrain(now))
    return { bookingId: id, answer: { status: 'other_date', booking: toDeskBooking(booking) } }
  const start = slotStart(booking.booking_date, booking.booking_time).getTime()
  const timing =
    now.getTime() < start - venue.check_in_opens_minutes * minuteMs
      ? 'too_early'
      : now.getTime() > start + venue.check_in_closes_minutes * minuteMs
        ? 'too_late'
        : null
  if (timing && !request.override)
    return { bookingId: id, answer: { status: timing, booking: toDeskBooking(booking) } }
  if (booking.payment_status === 'pay at venue' && !booking.desk_paid_at)
    return { bookingId: id, answer: { status: 'unpaid', booking: toDeskBooking(booking) } }

  if (!(await checkIn(trx, id, actor.id, now, timing))) {
    // Another desk got there first (or it was cancelled meanwhile): say what it is now.
    const current = await findBookingById(trx, id)
    const after = current && (await refusalOf(trx, current))
    return { bookingId: id, answer: after ?? { status: 'invalid' } }
  }
  await recordAudit(trx, actor, {
    action: 'booking.check_in',
    entityType: 'booking',
    entityId: id,
    venueId: venue.id,
    before: { checkedInAt: null },
    after: { checkedInAt: now.toISOString(), override: timing },
  })
  const checked = await findBookingById(trx, id)
  return {
    bookingId: id,
    answer: {
      status: 'ok',
      ...(checked ? { booking: toDeskBooking(checked) } : {}),
      checkedInAt: now.toISOString(),
      checkedInBy: actor.name.trim() || actor.email,
    },
  }
}

/** Cancelled, or already checked in (by whom and when): what no override changes. */
async function refusalOf(trx: Database, booking: DeskBookingRow): Promise<RedeemAnswer | undefined> {
  if (booking.cancelled_at) return { status: 'cancelled', booking: toDeskBooking(booking) }
  if (booking.checked_in_at) {
    const by = await checkerName(trx, booking.checked_in_by)
    return {
      status: 'already_checked_in',
      booking: toDeskBooking(booking),
      checkedInAt: booking.checked_in_at.toISOString(),
      ...(by ? { checkedInBy: by } : {}),
    }
  }
  return undefined
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
  actor: SignedInViewer,
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
      venueId: booking.gym_id,
      before: { deskPayment: null },
      after: { deskPayment: method, amountFils: booking.price_fils },
    })
    return reread(trx, scope, id)
  })
}

/** Marks a visit of today or before, not checked in, as a no-show; marking twice changes nothing. */
export async function markBookingNoShow(
  db: Database,
  actor: SignedInViewer,
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
      venueId: booking.gym_id,
      before: { noShowAt: null },
      after: { noShowAt: now.toISOString() },
    })
    return reread(trx, scope, id)
  })
}

/** Takes a no-show mark back, until the end of the day after the visit (Bahrain). */
export async function clearBookingNoShow(
  db: Database,
  actor: SignedInViewer,
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
      venueId: booking.gym_id,
      before: { noShowAt: booking.no_show_at.toISOString() },
      after: { noShowAt: null },
    })
    return reread(trx, scope, id)
  })
}
