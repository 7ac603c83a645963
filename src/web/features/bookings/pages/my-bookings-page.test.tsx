import { act, fireEvent, screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CancellableBooking as Booking, MyBookings } from '../../../../shared/visits.ts'
import { routes } from '../../../router.tsx'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'

afterEach(async () => {
  vi.unstubAllGlobals()
  await i18next.changeLanguage('en')
})

function booking(id: number, fields: Partial<Booking> & Pick<Booking, 'date' | 'time'>): Booking {
  return {
    id,
    reference: `DP-7K3M-Q9A${id}`,
    orderId: '5b0e7c1e-6f3a-4d8e-9a51-0c6a2f1d9e11',
    gymId: `gym-${id}`,
    gymName: { en: `Gym ${id}`, ar: `نادي ${id}` },
    passId: 'adult',
    passName: { en: 'Adult - Gym and pool', ar: 'بالغ - النادي والمسبح' },
    price: 'BD 14.000',
    priceFils: 14000,
    location: { en: 'Seef, Manama', ar: 'السيف، المنامة' },
    paymentStatus: 'pay at venue',
    // 22:30 UTC is already the next day in Bahrain (UTC+3).
    createdAt: '2026-02-27T22:30:00.000Z',
    cancellation: {
      deadline: '2026-01-01T00:00:00.000Z',
      noticeHours: 24,
      cancelledAt: null,
      cancelledByTeam: false,
      reason: null,
      refusal: 'CANCEL_TOO_LATE',
      refundFils: 0,
      refund: null,
    },
    ...fields,
  }
}

const today = '2026-03-10'
const list: MyBookings = {
  today,
  // In the server's order: by date, then time.
  bookings: [
    booking(1, { date: '2026-02-14', time: '10:00', paymentStatus: 'paid' }),
    booking(2, { date: '2026-03-09', time: '19:00' }),
    booking(3, { date: '2026-03-10', time: '08:00', paymentStatus: 'paid' }),
    booking(4, { date: '2026-04-01', time: '17:00', price: 'BD 22.500' }),
  ],
}

/** A fetch that answers /api/bookings with the given replies in turn (the last one repeats). */
function stubBookingsApi(...replies: (() => Response)[]) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = String(input)
    calls.push(url)
    if (url === '/api/bookings') {
      const reply = replies[Math.min(calls.filter((c) => c === url).length, replies.length) - 1]
      return reply ? reply() : Response.json({}, { status: 500 })
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
  })
  return { bookingCalls: () => calls.filter((url) => url === '/api/bookings').length }
}

function renderPage() {
  return renderRoutes(routes, { path: '/bookings', session: signedInAs('user') })
}

function cards(section: HTMLElement) {
  return within(section).getAllByRole('article')
}

describe('My Bookings', () => {
  it('splits upcoming (from today on, soonest first) from past (latest first), with badges', async () => {
    stubBookingsApi(() => Response.json(list))
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeTruthy()

    const upcoming = await screen.findByRole('region', { name: 'Upcoming Bookings' })
    expect(cards(upcoming).map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Gym 3',
      'Gym 4',
    ])
    const [todayCard, laterCard] = cards(upcoming) as [HTMLElement, HTMLElement]
    expect(within(todayCard).getByText('Paid')).toBeTruthy()
    expect(within(todayCard).getByText('10/03/2026')).toBeTruthy()
    expect(within(todayCard).getByText('08:00')).toBeTruthy()
    expect(within(todayCard).getByText('Adult - Gym and pool')).toBeTruthy()
    expect(within(todayCard).getByText('Seef, Manama')).toBeTruthy()
    expect(within(todayCard).getByText('BD 14.000')).toBeTruthy()
    expect(within(todayCard).getByText('Booked on 28/02/2026')).toBeTruthy()
    expect(within(laterCard).getByText('Pay at Venue')).toBeTruthy()
    expect(within(laterCard).getByText('BD 22.500')).toBeTruthy()

    const past = screen.getByRole('region', { name: 'Past Bookings' })
    expect(cards(past).map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Gym 2',
      'Gym 1',
    ])
    for (const card of cards(past)) {
      expect(within(card).getByText('Completed')).toBeTruthy()
      expect(within(card).queryByText('Paid')).toBeNull()
      expect(within(card).queryByText('Pay at Venue')).toBeNull()
    }
    expect(screen.queryByText("You don't have any confirmed bookings yet.")).toBeNull()
  })

  it('says so when a section has none while the other has some', async () => {
    stubBookingsApi(() => Response.json({ today, bookings: [list.bookings[0]] }))
    renderPage()
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Bookings' })
    expect(within(upcoming).getByText('No upcoming bookings.')).toBeTruthy()
    expect(within(upcoming).getByRole('link', { name: 'Browse gyms & classes' }).getAttribute('href')).toBe(
      '/gyms',
    )
    expect(cards(screen.getByRole('region', { name: 'Past Bookings' }))).toHaveLength(1)
  })

  it('offers the gyms when there are no bookings at all', async () => {
    stubBookingsApi(() => Response.json({ today, bookings: [] }))
    renderPage()
    expect(await screen.findByText("You don't have any confirmed bookings yet.")).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Browse gyms & classes' })
    expect(link.getAttribute('href')).toBe('/gyms')
    expect(screen.queryByRole('region', { name: 'Upcoming Bookings' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Past Bookings' })).toBeNull()
  })

  it('shows skeleton cards with a status while loading', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}))
    renderPage()
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading your bookings')
  })

  it('says the list failed to load, not that there are no bookings, and Retry loads it', async () => {
    const api = stubBookingsApi(
      () => Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, { status: 500 }),
      () => Response.json(list),
    )
    renderPage()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      "We couldn't load your bookings. Please check your connection and try again.",
    )
    expect(screen.queryByText("You don't have any confirmed bookings yet.")).toBeNull()
    expect(api.bookingCalls()).toBe(1)

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Bookings' })
    expect(cards(upcoming)).toHaveLength(2)
    expect(api.bookingCalls()).toBe(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows names and badges in Arabic', async () => {
    stubBookingsApi(() => Response.json(list))
    await i18next.changeLanguage('ar')
    renderPage()
    const upcoming = await screen.findByRole('region', { name: 'الحجوزات القادمة' })
    const [todayCard] = cards(upcoming) as [HTMLElement]
    expect(within(todayCard).getByRole('heading').textContent).toBe('نادي 3')
    expect(within(todayCard).getByText('مدفوع')).toBeTruthy()
    expect(within(todayCard).getByText('السيف، المنامة')).toBeTruthy()
    const past = screen.getByRole('region', { name: 'الحجوزات السابقة' })
    expect(within(past).getAllByText('مكتمل')).toHaveLength(2)
  })
})

describe('My Bookings, a party', () => {
  it('lists the people of one order at one time under one heading; another order at that time stays apart', async () => {
    const party = (id: number, orderId: string) => ({
      ...booking(id, { date: '2026-04-03', time: '09:00' }),
      orderId,
      gymId: 'vida-beach',
      gymName: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
    })
    const order = '5b0e7c1e-6f3a-4d8e-9a51-0c6a2f1d9e11'
    const other = '7c1e5b0e-6f3a-4d8e-9a51-0c6a2f1d9e22'
    stubBookingsApi(() =>
      Response.json({
        today,
        bookings: [party(5, order), party(6, order), party(7, order), party(8, other)],
      }),
    )
    renderPage()
    const group = await screen.findByRole('region', {
      name: 'Vida Beach Hotel · Fri 03/04 · 09:00 · 3 people',
    })
    expect(cards(group).map((card) => within(card).getByText(/^DP-/).textContent)).toEqual([
      'DP-7K3M-Q9A5',
      'DP-7K3M-Q9A6',
      'DP-7K3M-Q9A7',
    ])
    const upcoming = screen.getByRole('region', { name: 'Upcoming Bookings' })
    expect(cards(upcoming)).toHaveLength(4)
  })

  it('shows all of a party’s tickets full screen, one after another, in English and Arabic', async () => {
    const party = (id: number) => ({
      ...booking(id, { date: '2026-04-03', time: '09:00' }),
      gymId: 'vida-beach',
      gymName: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
    })
    stubBookingsApi(() => Response.json({ today, bookings: [party(5), party(6), party(7)] }))
    renderPage()
    const group = await screen.findByRole('region', { name: /3 people$/ })
    fireEvent.click(within(group).getByRole('button', { name: 'Show all tickets' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getAllByRole('img', { name: /^Ticket QR code for booking DP-/ })).toHaveLength(3)
    const position = within(dialog).getByRole('status')
    expect(position.textContent).toBe('Ticket 1 of 3')
    expect(within(dialog).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(position.textContent).toBe('Ticket 2 of 3')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }))
    expect(position.textContent).toBe('Ticket 3 of 3')
    expect(within(dialog).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true)
    // Each ticket is a region of its own, in order, for a screen reader to read through.
    expect(
      within(dialog)
        .getAllByRole('region')
        .map((slide) => slide.getAttribute('aria-label')),
    ).toEqual(['Ticket 1 of 3', 'Ticket 2 of 3', 'Ticket 3 of 3'])
    await act(() => i18next.changeLanguage('ar'))
    expect(position.textContent).toBe('التذكرة 3 من 3')
    fireEvent.click(within(dialog).getByRole('button', { name: 'إغلاق' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
