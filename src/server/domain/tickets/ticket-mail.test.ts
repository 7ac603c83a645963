import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../tests/support/accounts.ts'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'
import { decodeQrPng } from '../../../../tests/support/qr.ts'
import { isTicketSignatureOf, readGuestLink, readTicketText } from '../visits/ticket-codes.ts'

const m = setUpMailTest()

async function bookingOf(orderId: string) {
  return m.t.database.db
    .selectFrom('confirmed_bookings')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow()
}

describe('the ticket in the confirmation mail', () => {
  it('is a QR code attached inline that decodes to the booking’s reference and a valid signature', async () => {
    const response = await placeOrder(m.t, {
      items: [line({ time: '10:00' })],
      paymentMethod: 'venue',
      language: 'en',
      guest: guest(m.t),
    })
    expect(response.statusCode, response.body).toBe(201)
    const booking = await bookingOf(response.json().id)
    expect(booking.reference).toMatch(/^DP-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)

    await m.worker.runOnce()
    const mail = m.smtp.messages[0]
    const qr = mail?.attachments.find((attachment) => attachment.contentId === '<ticket-qr@daypass>')
    expect(qr?.contentType).toBe('image/png')
    // Shown in the HTML part (the parser inlines it from its content id), not offered as a download.
    expect(qr?.related).toBe(true)
    // Nothing in the mail is fetched from a URL to show the ticket.
    expect(mail?.html).not.toMatch(/<img[^>]+src="https?:/)

    const scanned = decodeQrPng(qr?.content as Buffer)
    const read = readTicketText(scanned ?? '')
    expect(read?.reference).toBe(booking.reference)
    expect(isTicketSignatureOf(m.t.config.AUTH_SECRET, booking, read?.signature ?? '')).toBe(true)
    expect(mail?.text).toContain(booking.reference)

    // A guest gets a link to manage their booking, signed for this booking and version.
    const link = /\/booking\/([^\s"\]]+)/.exec(mail?.text ?? '')?.[1]
    expect(readGuestLink(m.t.config.AUTH_SECRET, decodeURIComponent(link ?? ''))).toEqual({
      id: booking.id,
      version: 1,
      scope: 'manage',
    })
  })

  it('gives a signed-in booker the way to My Bookings instead of a manage link', async () => {
    const amira = await signedInUser(m.t, 'amira@example.bh')
    const response = await placeOrder(
      m.t,
      { items: [line({ time: '13:00' })], paymentMethod: 'venue', language: 'ar' },
      { cookie: amira.cookie },
    )
    expect(response.statusCode, response.body).toBe(201)
    await m.worker.runOnce()
    const mail = m.smtp.messages.find((message) => message.subject?.startsWith('تأكيد الحجز'))
    expect(mail?.text).toContain('http://localhost:3000/bookings')
    expect(mail?.text).not.toContain('/booking/')
    expect(mail?.text).toContain('اعرضه في حجوزاتي')
  })
})
