import { render } from '@react-email/render'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { BookingConfirmation } from './confirmation-mail.tsx'
import {
  type BookingConfirmationProps,
  type OrderConfirmationProps,
  passIncludesTowels,
} from './confirmation-mail-data.ts'

const booking: BookingConfirmationProps = {
  language: 'en',
  name: 'Layla',
  reference: 'DP-000001',
  venueName: 'Manama Marina Hotel',
  passName: 'Gym Day Pass - Gym access and lockers',
  passPrice: 'BD 10.000',
  date: '03/12/2026',
  time: '11:00',
  location: 'Manama',
  paymentMethod: 'pay at venue',
  paidWith: null,
  cancellationPolicy: 'Free cancellation until Wed 02/12/2026 11:00',
  towelsIncluded: false,
  qrCid: 'ticket-qr@daypass',
  manageUrl: null,
  myBookingsUrl: 'http://localhost:3000/bookings',
  mapUrl: null,
}

/** The order's mail with this one ticket: a party of one. */
const orderOf = (ticket: BookingConfirmationProps): OrderConfirmationProps => ({
  language: ticket.language,
  name: ticket.name,
  paid: null,
  myBookingsUrl: ticket.myBookingsUrl,
  receiptUrl: null,
  receiptVat: 'included',
  parties: [{ heading: 'Manama Marina Hotel · Thu 03/12 · 11:00 · 1 person', tickets: [ticket] }],
})

const text = (props: BookingConfirmationProps) =>
  render(createElement(BookingConfirmation, orderOf(props)), { plainText: true })

describe('the booking e-mail’s arrival advice', () => {
  it('asks for a towel when the pass does not include one', async () => {
    expect(await text(booking)).toContain('Wear workout attire and bring a towel.')
  })

  it('says towels are included, in English and Arabic, when the pass includes them', async () => {
    const english = await text({ ...booking, towelsIncluded: true })
    expect(english).not.toContain('bring a towel')
    expect(english).toContain('towels are included with your pass')
    const arabic = await text({ ...booking, language: 'ar', towelsIncluded: true })
    expect(arabic).not.toContain('أحضر منشفة')
    expect(arabic).toContain('المناشف مشمولة')
  })

  it('says a Tap order was paid with BENEFIT or a card in BD, and its total in BD to 3 decimals', async () => {
    const paid = { ...booking, paymentMethod: 'paid' as const, paidWith: 'benefit' as const }
    const order = { ...orderOf(paid), paid: { method: 'benefit' as const, total: 'BD 20.000' } }
    const plain = await render(createElement(BookingConfirmation, order), { plainText: true })
    expect(plain).toContain('Paid online with BENEFIT')
    expect(plain).toContain('Total paid: BD 20.000, with BENEFIT')
    expect(plain).not.toMatch(/USD|\$/)
    const ar = { ...paid, language: 'ar' as const, paidWith: 'card_bhd' as const }
    const arOrder = { ...orderOf(ar), paid: { method: 'card_bhd' as const, total: '20.000 د.ب' } }
    const arPlain = await render(createElement(BookingConfirmation, arOrder), { plainText: true })
    expect(arPlain).toContain('مدفوع عبر الإنترنت بالبطاقة بالدينار')
    expect(arPlain).toContain('إجمالي المدفوع: 20.000 د.ب، بالبطاقة بالدينار')
  })

  it('states the cancellation policy', async () => {
    expect(await text(booking)).toContain('Free cancellation until Wed 02/12/2026 11:00')
  })

  it('reads "towels" in the catalog’s pass descriptions', () => {
    expect(passIncludesTowels('Gym Day Pass - Gym access, lockers and towels')).toBe(true)
    expect(passIncludesTowels('Gym Day Pass - Gym access and lockers')).toBe(false)
  })
})

describe('a party in the booking e-mail', () => {
  it('shows every ticket under one heading for the party, and the shared details once', async () => {
    const tickets = ['DP-000001', 'DP-000002', 'DP-000003'].map((reference, index) => ({
      ...booking,
      reference,
      qrCid: index === 0 ? 'ticket-qr@daypass' : `ticket-qr-${index + 1}@daypass`,
    }))
    const heading = 'Manama Marina Hotel · Thu 03/12 · 11:00 · 3 people'
    const html = await render(
      createElement(BookingConfirmation, { ...orderOf(booking), parties: [{ heading, tickets }] }),
    )
    const plain = await render(
      createElement(BookingConfirmation, { ...orderOf(booking), parties: [{ heading, tickets }] }),
      { plainText: true },
    )
    expect(plain.split(heading)).toHaveLength(2)
    for (const ticket of tickets) expect(html).toContain(`cid:${ticket.qrCid}`)
    expect(plain).toContain('Your tickets: one for each person')
    expect(plain.split('Free cancellation until Wed 02/12/2026 11:00')).toHaveLength(2)
  })
})
