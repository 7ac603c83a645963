import type { OrderStanding } from '../../../shared/checkout.ts'
import type { DeskBooking } from '../../../shared/desk.ts'
import { formatBhd } from '../../../shared/money.ts'
import { isOnline } from '../../../shared/payment-methods.ts'
import type { Booking, CancellableBooking, Cancellation } from '../../../shared/visits.ts'
import type { DeskBookingRow } from './desk-repository.ts'
import type { BookingRow, VisitRow } from './repository.ts'
import { visitState, visitStatus } from './status.ts'

/**
 * A visit as each answer shows it (src/shared/visits.ts): the order and My Bookings, the guest page
 * and cancel answers, and the desk.
 */

/** A stored booking as the API sends it: names kept in both languages, as they were when booked. */
export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    reference: row.reference,
    orderId: row.order_id,
    gymId: row.venue_id,
    gymName: { en: row.venue_name, ar: row.venue_name_ar },
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

/** What a cancelled visit gives back: its price, when it was paid online (PayPal or Tap); else nothing. */
export function refundFilsOf(visit: Pick<VisitRow, 'payment_method' | 'payment_status' | 'price_fils'>) {
  return isOnline(visit.payment_method) && visit.payment_status === 'paid' ? visit.price_fils : 0
}

function cancellationOf(visit: VisitRow, now: Date): Cancellation {
  const { cancellation } = visitStatus(visit, now)
  return {
    deadline: cancellation.deadline.toISOString(),
    noticeHours: Number(visit.notice_hours),
    cancelledAt: visit.cancelled_at?.toISOString() ?? null,
    cancelledByTeam: visit.cancelled_by_team,
    reason: visit.cancel_reason,
    refusal: cancellation.refusal,
    refundFils: refundFilsOf(visit),
    refund:
      visit.refund_status && visit.refund_fils !== null
        ? { status: visit.refund_status, amountFils: visit.refund_fils, amount: formatBhd(visit.refund_fils) }
        : null,
  }
}

/** A visit as My Bookings and the guest page show it: with where it stands for cancelling. */
export function toCancellableBooking(visit: VisitRow, now: Date): CancellableBooking {
  return { ...toBooking(visit), cancellation: cancellationOf(visit, now) }
}

/**
 * Where an order stands for its booker (ADR 047): the people still booked, what was paid online
 * and what of it went back for the visits cancelled since (the cancellations' refunds), or what is
 * still to pay at the venue.
 */
export function orderStandingOf(
  order: { payment_method: string; status: string; total_fils: number },
  visits: readonly VisitRow[],
): OrderStanding {
  const booked = visits.filter((visit) => !visit.cancelled_at)
  const refunds = visits.filter((visit) => visit.cancelled_at && visit.refund_fils !== null)
  const refunded = (status: string) =>
    refunds
      .filter((visit) => visit.refund_status === status)
      .reduce((sum, visit) => sum + (visit.refund_fils ?? 0), 0)
  const online = isOnline(order.payment_method) && order.status === 'confirmed'
  return {
    people: booked.length,
    cancelledPeople: visits.length - booked.length,
    paidFils: online ? order.total_fils : 0,
    refundedFils: refunded('refunded'),
    refundPendingFils: refunded('pending'),
    dueAtVenueFils: online
      ? 0
      : booked.filter((visit) => !visit.desk_paid_at).reduce((sum, visit) => sum + visit.price_fils, 0),
  }
}

/** A booking as the desk shows it: the booker's name and contact, its payment and where it stands. */
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
    deskRefund:
      row.desk_refund_method && row.desk_refunded_at && row.desk_refund_fils
        ? {
            method: row.desk_refund_method,
            at: row.desk_refunded_at.toISOString(),
            amountFils: row.desk_refund_fils,
          }
        : null,
    state: visitState(row),
    checkedInAt: row.checked_in_at?.toISOString() ?? null,
    checkInOverride: row.check_in_override,
    noShowAt: row.no_show_at?.toISOString() ?? null,
  }
}
