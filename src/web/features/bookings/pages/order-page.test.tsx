import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MyOrder } from '../../../../shared/checkout.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { orderFor } from '../../checkout/test-fixtures.ts'

const orderId = '5b0e7c1e-6f3a-4d8e-9a51-0c6a2f1d9e11'
const cancellation = {
  deadline: '2030-11-30T06:00:00.000Z',
  noticeHours: 24,
  cancelledAt: null,
  cancelledByTeam: false,
  reason: null,
  refusal: null,
  refundFils: 0,
  refund: null,
}

/** Three people at 09:00 and one at 10:00, the 10:00 visit cancelled since. */
function familyOrder(): MyOrder {
  const order = orderFor('confirmed', 'venue')
  const [visit] = order.bookings
  if (!visit) throw new Error('the fixture has a visit')
  return {
    ...order,
    id: orderId,
    total: 'BD 56.000',
    bookings: [1, 2, 3, 4].map((id) => ({
      ...visit,
      id,
      reference: `DP-7K3M-QAB${id}`,
      time: id === 4 ? '10:00' : '09:00',
      cancellation: id === 4 ? { ...cancellation, cancelledAt: '2030-11-02T10:00:00.000Z' } : cancellation,
    })),
    standing: {
      people: 3,
      cancelledPeople: 1,
      paidFils: 0,
      refundedFils: 0,
      refundPendingFils: 0,
      dueAtVenueFils: 42_000,
    },
  }
}

/** Four people at 09:00 paid by card, the second cancelled since and refunded. */
function paidFamilyOrder(): MyOrder {
  const order = orderFor('confirmed', 'card')
  const [visit] = order.bookings
  if (!visit) throw new Error('the fixture has a visit')
  const refunded = {
    ...cancellation,
    cancelledAt: '2030-11-02T10:00:00.000Z',
    refundFils: 12_000,
    refund: { status: 'refunded' as const, amountFils: 12_000, amount: 'BD 12.000' },
  }
  return {
    ...order,
    id: orderId,
    totalFils: 48_000,
    total: 'BD 48.000',
    bookings: [1, 2, 3, 4].map((id) => ({
      ...visit,
      id,
      reference: `DP-7K3M-QAB${id}`,
      time: '09:00',
      cancellation: id === 2 ? refunded : cancellation,
    })),
    standing: {
      people: 3,
      cancelledPeople: 1,
      paidFils: 48_000,
      refundedFils: 12_000,
      refundPendingFils: 0,
      dueAtVenueFils: 0,
    },
  }
}

function stubOrders(answers: Record<string, () => Response>) {
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const answer = answers[String(input)]
    return answer
      ? answer()
      : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
}

// The page's code, loaded before the first test rather than inside its time limit.
beforeAll(() => import('./order-page.tsx'))
beforeEach(() => i18next.loadNamespaces(['checkout', 'visit', 'bookings']))
afterEach(() => vi.unstubAllGlobals())

describe('an account’s order page', () => {
  it('reads the order again on a reload and shows its tickets by party, a cancelled one marked', async () => {
    stubOrders({ [`/api/orders/${orderId}`]: () => Response.json(familyOrder()) })
    renderRoutes(routes, { path: `/bookings/orders/${orderId}`, session: signedInAs('user') })
    // Opened without the checkout's mark (a reload of a shared link, a later visit): the order's heading.
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeTruthy()
    expect(screen.getByText(/Your booking is confirmed. Each person’s ticket is below/)).toBeTruthy()
    const party = screen.getByRole('region', { name: 'Vida Beach Hotel · Sun 01/12 · 09:00 · 3 people' })
    expect(
      within(party)
        .getAllByRole('img', { name: /QR code/ })
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/bookings/1/qr.svg', '/api/bookings/2/qr.svg', '/api/bookings/3/qr.svg'])
    const cancelled = screen.getByText('DP-7K3M-QAB4').closest('li')
    expect(cancelled && within(cancelled).getByText('Cancelled')).toBeTruthy()
    expect(cancelled && within(cancelled).queryByRole('img')).toBeNull()
    // What is left to pay at the venue for the three still booked, not the order's first total.
    expect(screen.getByText('3 people still booked, 1 cancelled')).toBeTruthy()
    expect(screen.getByText('BD 42.000')).toBeTruthy()
    expect(screen.queryByText('BD 56.000')).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to My Bookings' }).getAttribute('href')).toBe('/bookings')
  })

  it('after one of four paid people is cancelled: 3 people, what was paid and refunded, one calendar entry for the party', async () => {
    stubOrders({ [`/api/orders/${orderId}`]: () => Response.json(paidFamilyOrder()) })
    renderRoutes(routes, { path: `/bookings/orders/${orderId}`, session: signedInAs('user') })
    const party = await screen.findByRole('region', {
      name: 'Vida Beach Hotel · Sun 01/12 · 09:00 · 3 people',
    })
    expect(screen.getByText('3 people still booked, 1 cancelled')).toBeTruthy()
    const amount = (label: string) => screen.getByText(label).closest('div')?.querySelector('dd')?.textContent
    expect(amount('Paid')).toBe('BD 48.000')
    expect(amount('Refunded to your card')).toBe('BD 12.000')
    expect(screen.queryByText('Refund on its way')).toBeNull()
    // One entry for the party and hour, not one per ticket: the file of its first person still booked.
    const calendar = within(party).getAllByRole('link', { name: /Add to calendar/ })
    expect(calendar.map((link) => link.getAttribute('href'))).toEqual(['/api/bookings/1/calendar.ics'])
  })

  it('is “Booking Confirmed” when the checkout moved here', async () => {
    stubOrders({ [`/api/orders/${orderId}`]: () => Response.json(familyOrder()) })
    renderRoutes(routes, {
      path: `/bookings/orders/${orderId}`,
      state: { confirmed: { email: 'sara@example.bh' } },
      session: signedInAs('user'),
    })
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy()
    expect(screen.getByText(/on its way to sara@example.bh/)).toBeTruthy()
  })

  it('says so when the order is not the account’s', async () => {
    stubOrders({
      [`/api/orders/${orderId}`]: () =>
        Response.json(
          { error: { code: 'ORDER_NOT_FOUND', message: 'We could not find that booking.' } },
          { status: 404 },
        ),
    })
    renderRoutes(routes, { path: `/bookings/orders/${orderId}`, session: signedInAs('user') })
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find that booking.')
  })
})
