import type { FastifyReply } from 'fastify'
import { HttpError } from '../../platform/http/errors.ts'
import { bookingCalendarFile, type CalendarLinks } from '../calendar/calendar-file.ts'
import { qrSvg } from '../visits/qr.ts'
import { type TicketHolder, ticketPayload } from '../visits/ticket-codes.ts'

/** The ticket's QR code, as SVG: for the booker's own visit or a guest's link alike. */
export async function sendTicketQr(reply: FastifyReply, secret: string, visit: TicketHolder) {
  return reply
    .header('content-type', 'image/svg+xml')
    .header('cache-control', 'private, no-store')
    .send(await qrSvg(ticketPayload(secret, visit)))
}

/** The visit's `.ics` file, the same one its confirmation mail carries ("Add to calendar"). */
export async function sendCalendarFile(
  reply: FastifyReply,
  deps: { db: Parameters<typeof bookingCalendarFile>[0]; links: CalendarLinks; now: Date },
  bookingId: number,
) {
  const file = await bookingCalendarFile(deps.db, bookingId, deps.links, { now: deps.now })
  if (!file) throw new HttpError(404, 'BOOKING_NOT_FOUND')
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content)
}
