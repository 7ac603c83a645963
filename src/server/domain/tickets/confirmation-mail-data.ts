import { formatDisplayDate, slotStart } from '../../../shared/bahrain-time.ts'
import { describeCancellation } from '../../../shared/cancellation-policy.ts'
import type { Language } from '../../../shared/i18n.ts'
import { formatBhd, localizeBhd } from '../../../shared/money.ts'
import { mapLinks } from '../../../shared/opening-hours.ts'
import { groupParties, partyHeading } from '../../../shared/party.ts'
import type { PaymentMethod } from '../../../shared/payment-methods.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import type { Database } from '../../platform/db/database.ts'
import type { MailLinks } from '../../platform/mail/templates/render.tsx'
import { confirmationMailRow, orderConfirmationMailRows } from '../visits/mail-repository.ts'
import { manageToken, manageUrl, ticketPayload } from '../visits/ticket-codes.ts'

/** The booking e-mail's fields (docs/product.md, "What is stored"), already in the booker's language. */
export interface BookingConfirmationProps {
  language: Language
  name: string
  reference: string
  venueName: string
  passName: string
  passPrice: string
  /** dd/mm/yyyy */
  date: string
  time: string
  location: string
  paymentMethod: 'paid' | 'pay at venue'
  /** How the order was paid online: PayPal's card, BENEFIT or a card in BD through Tap; null at the venue. */
  paidWith: Exclude<PaymentMethod, 'venue'> | null
  /** "Free cancellation until Tue 25/11/2026 10:00" or "Non-refundable", as when it was booked. */
  cancellationPolicy: string
  /** The pass includes towels (its description says so): the advice then does not ask for one. */
  towelsIncluded: boolean
  /** The `cid:` of the ticket's QR code, attached to the mail. */
  qrCid: string
  /** A guest's "View or manage your booking" link; a signed-in booker has My Bookings instead. */
  manageUrl: string | null
  myBookingsUrl: string
  /** Directions to the venue in the visitor's maps app; null when the venue has no position set. */
  mapUrl: string | null
}

/** The content id of the QR code's attachment. */
export const ticketQrCid = 'ticket-qr@daypass'

/** Whether a pass includes towels, read from its English "name - description" (the catalog's wording). */
export function passIncludesTowels(englishPassName: string) {
  return /\btowels?\b/i.test(englishPassName)
}

/**
 * Reads a booking and its order into the e-mail's fields, in the language the booker used, with
 * the text its QR code holds.
 */
export async function loadBookingConfirmation(db: Database, bookingId: number, links: MailLinks) {
  return confirmationOf(await confirmationMailRow(db, bookingId), links)
}

type ConfirmationMailRow = Awaited<ReturnType<typeof confirmationMailRow>>

function confirmationOf(row: ConfirmationMailRow, links: MailLinks, qrCid = ticketQrCid) {
  const language: Language = row.language === 'ar' ? 'ar' : 'en'
  const ar = language === 'ar'
  const props = {
    language,
    name: row.first_name ?? row.guest_first_name ?? '',
    reference: row.reference,
    venueName: ar ? row.venue_name_ar : row.venue_name,
    passName: ar ? row.pass_name_ar : row.pass_name,
    passPrice: localizeBhd(row.pass_price, language),
    date: formatDisplayDate(row.booking_date),
    time: row.booking_time,
    location: ar ? row.location_ar : row.location,
    paymentMethod: row.payment_status,
    paidWith:
      row.payment_status === 'paid' && row.order_payment_method !== 'venue' ? row.order_payment_method : null,
    // The policy as it stood when the visit was booked: the mail says what the visitor agreed to.
    cancellationPolicy: describeCancellation(
      { date: row.booking_date, time: row.booking_time },
      row.cancellation_notice_hours ?? row.venue_notice_hours ?? 24,
      row.created_at,
      language,
    ),
    towelsIncluded: passIncludesTowels(row.pass_name),
    qrCid,
    manageUrl: row.user_id ? null : manageUrl(links.siteUrl, manageToken(links.secret, row)),
    myBookingsUrl: `${links.siteUrl}${pagePath('bookings')}`,
    mapUrl:
      row.latitude !== null && row.longitude !== null
        ? mapLinks({ latitude: row.latitude, longitude: row.longitude }).directions
        : null,
  } satisfies BookingConfirmationProps
  return {
    props,
    ticket: ticketPayload(links.secret, row),
    cancelled: row.cancelled_at !== null,
    visitStart: slotStart(row.booking_date, row.booking_time),
  }
}

/** One party of the order's mail: its heading and each person's ticket, in booking order. */
export interface ConfirmationParty {
  /** `Vida Beach Hotel · Fri 28/11 · 09:00 · 4 people` */
  heading: string
  tickets: BookingConfirmationProps[]
}

/** The order's one confirmation (docs/mail.md, "One mail per order"): every ticket, by party. */
export interface OrderConfirmationProps {
  language: Language
  name: string
  /** What was paid online and how, for the order as a whole ("BD 20.000" in the mail's language); null at the venue. */
  paid: { method: Exclude<PaymentMethod, 'venue'>; total: string } | null
  myBookingsUrl: string
  /** The order's receipt page when it is paid online (docs/receipts.md); pay at venue has one once paid there. */
  receiptUrl: string | null
  /**
   * What the receipt says of VAT, as its venues' settings decide (ADR 050): every seller charges it
   * (`included`), none does (`none`), or an order across venues has both (`mixed`).
   */
  receiptVat: 'included' | 'none' | 'mixed'
  parties: ConfirmationParty[]
}

/**
 * The content id of each ticket's QR code in the order's mail: the first keeps the one a mail of
 * one ticket has always used, the others are numbered after it.
 */
export function ticketQrCidAt(index: number): string {
  return index === 0 ? ticketQrCid : `ticket-qr-${index + 1}@daypass`
}

/**
 * Reads an order's visits into its one confirmation, grouped by party, with each ticket's QR text.
 * A mail queued for one visit (`bookingId`, before mails were sent per order) shows that visit alone.
 */
export async function loadOrderConfirmation(
  db: Database,
  payload: { orderId: string } | { bookingId: number },
  links: MailLinks,
) {
  const rows =
    'orderId' in payload
      ? await orderConfirmationMailRows(db, payload.orderId)
      : [await confirmationMailRow(db, payload.bookingId)]
  const first = rows[0]
  if (!first) throw new Error('an order confirmation without a visit')
  const visits = rows.map((row, index) => ({ row, ...confirmationOf(row, links, ticketQrCidAt(index)) }))
  const language = visits[0]?.props.language ?? 'en'
  const parties = groupParties(visits, ({ row }) => ({
    venueId: row.venue_id,
    date: row.booking_date,
    time: row.booking_time,
  })).map(({ members }) => {
    const lead = members[0] as (typeof visits)[number]
    return {
      heading: partyHeading(
        {
          venueName: lead.props.venueName,
          date: lead.row.booking_date,
          time: lead.row.booking_time,
          count: members.length,
        },
        language,
      ),
      tickets: members.map((member) => member.props),
      bookingIds: members.map((member) => member.row.id),
    }
  })
  return {
    props: {
      language,
      name: visits[0]?.props.name ?? '',
      paid:
        first.payment_status === 'paid' && first.order_payment_method !== 'venue'
          ? {
              method: first.order_payment_method,
              total: localizeBhd(formatBhd(first.order_total_fils), language),
            }
          : null,
      myBookingsUrl: `${links.siteUrl}${pagePath('bookings')}`,
      receiptUrl:
        first.payment_status !== 'paid'
          ? null
          : first.user_id
            ? `${links.siteUrl}${pagePath('bookingReceipt', { orderId: first.order_id })}`
            : `${links.siteUrl}${pagePath('guestReceipt', { token: manageToken(links.secret, first) })}`,
      receiptVat: receiptVatOf(rows.map((row) => row.venue_vat_registered)),
      parties: parties.map(({ heading, tickets }) => ({ heading, tickets })),
    } satisfies OrderConfirmationProps,
    /** Each ticket's QR text by its reference, for the attachments. */
    tickets: visits.map((visit) => ({
      reference: visit.props.reference,
      cid: visit.props.qrCid,
      text: visit.ticket,
    })),
    /** The visits' ids of each party, for the calendar's one entry per party. */
    partyBookingIds: parties.map((party) => party.bookingIds),
  }
}

/** What the order's receipts say of VAT: each venue's receipt shows it only if the venue is registered. */
function receiptVatOf(registered: readonly (boolean | null)[]): OrderConfirmationProps['receiptVat'] {
  if (registered.every((one) => one === true)) return 'included'
  if (registered.every((one) => one !== true)) return 'none'
  return 'mixed'
}
