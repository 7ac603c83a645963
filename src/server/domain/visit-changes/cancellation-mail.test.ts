import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { testOrigin } from '../../../../tests/support/accounts.ts'
import { guest, line, placeOrder } from '../../../../tests/support/checkout.ts'
import { setUpMailTest } from '../../../../tests/support/mail-test.ts'

const m = setUpMailTest()

describe('the cancellation mail', () => {
  it('is delivered once, says there is nothing to pay, and carries the cancelled calendar entry', async () => {
    const placed = await placeOrder(m.t, {
      items: [line({ time: '15:00' })],
      paymentMethod: 'venue',
      language: 'en',
      guest: guest(m.t),
    })
    const booking = placed.json().bookings[0]
    const cancel = () =>
      m.t.app.inject({
        method: 'POST',
        url: `/api/manage/${booking.manageToken}/cancel`,
        payload: {},
        headers: { origin: testOrigin },
      })
    expect((await cancel()).statusCode).toBe(200)
    // The cancel revoked the link: sending it again finds nothing, and nothing is mailed twice.
    expect((await cancel()).statusCode).toBe(404)
    await m.worker.runOnce()
    const mails = m.smtp.messages.filter(
      (message) => message.subject === 'Booking cancelled - Manama Marina Hotel',
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain(booking.reference)
    expect(mails[0]?.text).toContain('Nothing to pay: this visit was to be paid at the venue.')
    // "See your booking": a read-only link of the cancelled visit, not the revoked one.
    const link = /\/booking\/([^\s"\]]+)/.exec(mails[0]?.text ?? '')?.[1] ?? ''
    expect(link).not.toBe(booking.manageToken)
    const page = await m.t.app.inject({ url: `/api/manage/${link}` })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ access: 'view', booking: { id: booking.id } })
    const file = mails[0]?.attachments.find((attachment) => attachment.contentType === 'text/calendar')
    const calendar = new ICAL.Component(ICAL.parse(file?.content.toString('utf8') ?? ''))
    const event = calendar.getFirstSubcomponent('vevent')
    expect(event?.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(event?.getFirstPropertyValue('uid')).toBe(
      `booking-${booking.id}@${new URL(m.t.config.PUBLIC_URL).hostname}`,
    )
  })
})
