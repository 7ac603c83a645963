import type { DeskBooking } from '../../../shared/desk.ts'
import type { DeskBookingRow } from '../visits/desk-repository.ts'
import { visitState } from '../visits/status.ts'

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
