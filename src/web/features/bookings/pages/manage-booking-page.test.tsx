import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CancellableBooking, ManagedBooking, OrderVisit } from '../../../../shared/visits.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'

// The page's code and texts, loaded before the first test rather than inside its time limit.
beforeAll(async () => {
  await import('./manage-booking-page.tsx')
  await i18next.loadNamespaces(['bookings', 'visit', 'errors'])
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const visit: CancellableBooking = {
  id: 7,
  reference: 'DP-7K3M-Q9AB',
  orderId: '5b0e7c1e-6f3a-4d8e-9a51-0c6a2f1d9e11',
  gymId: 'gym-7',
  gymName: { en: 'Gym 7', ar: 'نادي 7' },
  passId: 'adult',
  passName: { en: 'Adult - Gym and pool', ar: 'بالغ - النادي والمسبح' },
  price: 'BD 14.000',
  priceFils: 14000,
  location: { en: 'Seef, Manama', ar: 'السيف، المنامة' },
  paymentStatus: 'pay at venue',
  createdAt: '2026-03-01T09:00:00.000Z',
  date: '2026-03-20',
  time: '10:00',
  cancellation: {
    deadline: '2026-03-19T07:00:00.000Z',
    noticeHours: 24,
    cancelledAt: null,
    cancelledByTeam: false,
    reason: null,
    refusal: null,
    refundFils: 0,
    refund: null,
  },
}
const cancelledVisit: CancellableBooking = {
  ...visit,
  cancellation: { ...visit.cancellation, cancelledAt: '2026-03-10T09:00:00.000Z' },
}

const page = (access: ManagedBooking['access'], booking = visit): ManagedBooking => ({
  booking,
  access,
  orderVisits: [],
  order: [{ ...booking, manageToken: access === 'manage' ? '7.1.manage' : null }],
  firstName: 'Fatima',
  today: '2026-03-10',
})

/** A fetch answering the guest link endpoints: `pages` by token, and the cancel of `manage`. */
function stubManageApi(pages: Record<string, () => ManagedBooking>) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    calls.push(`${init?.method ?? 'GET'} ${url}`)
    if (url === '/api/manage/7.1.manage/cancel')
      return Response.json({ cancelledIds: [7], bookings: [cancelledVisit], viewToken: '7.2.v.view' })
    const token = /^\/api\/manage\/([^/]+)$/.exec(url)?.[1]
    const reply = token && pages[decodeURIComponent(token)]
    if (reply) return Response.json(reply())
    return Response.json({ error: { code: 'BOOKING_NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return calls
}

describe('a guest’s order page', () => {
  it('through a view link shows the booking, without its QR code or a way to cancel', async () => {
    stubManageApi({ '7.1.v.view': () => page('view') })
    renderRoutes(routes, { path: '/booking/7.1.v.view', session: signedOut })
    await screen.findByRole('heading', { name: 'DP-7K3M-Q9AB' })
    expect(screen.getByText(/This link shows your booking only/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull()
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change date' })).toBeNull()
  })

  it('after a cancel moves to the answer’s read-only link in place of the revoked one, and shows the cancelled visit', async () => {
    const calls = stubManageApi({
      '7.1.manage': () => page('manage'),
      '7.2.v.view': () => page('view', cancelledVisit),
    })
    const { router } = renderRoutes(routes, { path: '/booking/7.1.manage', session: signedOut })
    await screen.findByRole('img', { name: /QR code/ })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel this visit' }),
    )

    await screen.findByText('Cancelled')
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/7.2.v.view'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull()
    // The revoked link is not asked again (it would only answer 404).
    expect(calls.filter((call) => call === 'GET /api/manage/7.1.manage')).toHaveLength(1)
  })
})

describe('a guest’s cancel of the whole order', () => {
  it('says what the whole order got back, not only this visit', async () => {
    const card = { ...visit, paymentStatus: 'paid' as const }
    const sibling = { ...card, id: 8, reference: 'DP-8K3M-Q9AB' }
    const refunded = (booking: CancellableBooking, amountFils: number): CancellableBooking => ({
      ...booking,
      cancellation: {
        ...booking.cancellation,
        cancelledAt: '2026-03-10T09:00:00.000Z',
        refund: { status: 'pending', amountFils, amount: '' },
      },
    })
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      const url = String(input)
      if (url === '/api/manage/7.1.manage/cancel')
        return Response.json({
          cancelledIds: [7, 8],
          bookings: [refunded(card, 16_000), refunded(sibling, 12_500)],
          viewToken: '7.2.v.view',
        })
      if (url === '/api/manage/7.1.manage')
        return Response.json({
          ...page('manage', { ...card, cancellation: { ...card.cancellation, refundFils: 16_000 } }),
          orderVisits: [{ ...sibling, cancellation: { ...sibling.cancellation, refundFils: 12_500 } }],
          order: [
            {
              ...card,
              cancellation: { ...card.cancellation, refundFils: 16_000 },
              manageToken: '7.1.manage',
            },
            {
              ...sibling,
              cancellation: { ...sibling.cancellation, refundFils: 12_500 },
              manageToken: '8.1.manage',
            },
          ],
        })
      if (url === '/api/manage/7.2.v.view') return Response.json(page('view', refunded(card, 16_000)))
      return Response.json({ error: { code: 'BOOKING_NOT_FOUND', message: 'Not found' } }, { status: 404 })
    })
    renderRoutes(routes, { path: '/booking/7.1.manage', session: signedOut })
    const own = await screen.findByRole('article', { name: 'DP-7K3M-Q9AB' })
    fireEvent.click(within(own).getByRole('button', { name: 'Cancel booking' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel all 2 visits' }),
    )

    const status = await screen.findByText(/^Cancelled all 2 visits/)
    expect(status.textContent).toBe('Cancelled all 2 visits. BD 28.500 will be refunded to your card.')
  })
})

describe('a guest’s order page, with parties', () => {
  const mate = (id: number, time = visit.time): OrderVisit => ({
    ...visit,
    id,
    reference: `DP-7K3M-Q9A${id}`,
    time,
    manageToken: `${id}.1.manage`,
  })
  const family = () => ({
    ...page('manage'),
    orderVisits: [mate(8), mate(9), mate(10, '11:00')],
    order: [mate(7), mate(8), mate(9), mate(10, '11:00')].map((one) =>
      one.id === 7 ? { ...one, reference: visit.reference } : one,
    ),
  })

  it('shows every visit of the order under its party’s heading, each with its own QR code', async () => {
    stubManageApi({ '7.1.manage': family })
    renderRoutes(routes, { path: '/booking/7.1.manage', session: signedOut })
    const party = await screen.findByRole('region', { name: 'Gym 7 · Fri 20/03 · 10:00 · 3 people' })
    const tickets = within(party).getAllByRole('article')
    expect(tickets.map((ticket) => ticket.getAttribute('data-reference'))).toEqual([
      'DP-7K3M-Q9AB',
      'DP-7K3M-Q9A8',
      'DP-7K3M-Q9A9',
    ])
    expect(
      within(party)
        .getAllByRole('img', { name: /QR code/ })
        .map((img) => img.getAttribute('src')),
    ).toEqual([
      '/api/manage/7.1.manage/qr.svg',
      '/api/manage/8.1.manage/qr.svg',
      '/api/manage/9.1.manage/qr.svg',
    ])
    // The 11:00 visit is a party of its own: listed without a heading.
    expect(screen.getByRole('article', { name: 'DP-7K3M-Q9A10' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Show all 4 tickets' }))
    const dialog = await screen.findByRole('dialog', { name: 'All tickets' })
    expect(within(dialog).getAllByRole('img', { name: /QR code/ })).toHaveLength(4)
    expect(within(dialog).getByText(/Ticket 4 of 4/)).toBeTruthy()
  })

  it('cancels another visit of the order through that visit’s own link, and stays on the page', async () => {
    const calls = stubManageApi({ '7.1.manage': family })
    vi.stubGlobal(
      'fetch',
      ((original) => async (input: string | URL | Request, init?: RequestInit) => {
        if (String(input) === '/api/manage/8.1.manage/cancel') {
          calls.push(`POST ${String(input)}`)
          return Response.json({ cancelledIds: [8], bookings: [], viewToken: '8.2.v.view' })
        }
        return original(input, init)
      })(globalThis.fetch),
    )
    const { router } = renderRoutes(routes, { path: '/booking/7.1.manage', session: signedOut })
    const mateTicket = await screen.findByRole('article', { name: 'DP-7K3M-Q9A8' })
    fireEvent.click(within(mateTicket).getByRole('button', { name: 'Cancel booking' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel this visit' }),
    )
    await waitFor(() => expect(calls).toContain('POST /api/manage/8.1.manage/cancel'))
    await waitFor(() => expect(calls.filter((call) => call === 'GET /api/manage/7.1.manage')).toHaveLength(2))
    expect(router.state.location.pathname).toBe('/booking/7.1.manage')
  })

  it('moves to a still-booked visit’s link when the cancel revoked the page’s own', async () => {
    const calls = stubManageApi({ '7.1.manage': family, '8.1.manage': family })
    const { router } = renderRoutes(routes, { path: '/booking/7.1.manage', session: signedOut })
    const own = await screen.findByRole('article', { name: 'DP-7K3M-Q9AB' })
    fireEvent.click(within(own).getByRole('button', { name: 'Cancel booking' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel this visit' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/8.1.manage'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(calls).toContain('POST /api/manage/7.1.manage/cancel')
  })

  it('shows the confirmation the checkout moved here with, above the order', async () => {
    stubManageApi({ '7.1.manage': family })
    renderRoutes(routes, {
      path: '/booking/7.1.manage',
      state: { confirmed: { email: 'fatima@example.bh' } },
      session: signedOut,
    })
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy()
    expect(screen.getByText(/on its way to fatima@example.bh/)).toBeTruthy()
  })
})
