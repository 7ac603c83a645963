import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import { cartLine, stubApi } from '../../checkout/test-fixtures.ts'
import { bahrainClock } from '../clock-text.ts'
import { readHeldOffer } from '../held-offer.ts'
import { WaitlistPage } from './waitlist-page.tsx'

const token = `7.${'a'.repeat(43)}`
const waiting: WaitlistEntry = {
  token,
  status: 'waiting',
  gymId: 'vida-beach',
  passId: 'adult-day',
  venueName: { en: 'Vida Beach Hotel', ar: 'فندق فيدا بيتش' },
  passName: { en: 'Adult', ar: 'بالغ' },
  date: '2030-12-01',
  time: '09:00',
  people: 3,
  ahead: 2,
  offerExpiresAt: null,
  priceFils: 14000,
  totalFils: 42000,
}
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
const offered = (expiresAt = inMinutes(20)): WaitlistEntry => ({
  ...waiting,
  status: 'offered',
  ahead: null,
  offerExpiresAt: expiresAt,
})

const venueDetail = {
  date: '2030-12-01',
  gym: {
    id: 'vida-beach',
    name: waiting.venueName,
    location: { en: 'Bahrain Bay', ar: 'خليج البحرين' },
    payAtVenueOnly: false,
    passes: [
      { id: 'adult-day', name: waiting.passName, description: { en: 'Gym and pool', ar: 'النادي والمسبح' } },
    ],
  },
}

function Checkout() {
  return <p>checkout page</p>
}

function open(
  entry: () => Response,
  extra: Record<string, (init: RequestInit) => Response> = {},
  query = '',
) {
  const api = stubApi({
    'GET /api/session': () => Response.json(signedOut),
    [`GET /api/waitlist/${token}`]: entry,
    'GET /api/gyms/vida-beach': () => Response.json(venueDetail),
    ...extra,
  })
  const view = renderRoutes(
    [
      { path: '/waitlist/:token', element: <WaitlistPage /> },
      { path: '/checkout', element: <Checkout /> },
    ],
    { path: `/waitlist/${token}${query}`, session: signedOut },
  )
  return { api, ...view }
}

beforeEach(async () => {
  await i18next.loadNamespaces('waitlist')
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await act(() => i18next.changeLanguage('en'))
})

describe('the waiting list page', () => {
  it('shows a request still waiting, its place in line, and lets the visitor leave', async () => {
    const { api } = open(() => Response.json(waiting), {
      [`POST /api/waitlist/${token}/leave`]: () => Response.json({ ...waiting, status: 'left', ahead: null }),
    })
    expect(await screen.findByText('Vida Beach Hotel')).toBeTruthy()
    expect(screen.getByText('Adult')).toBeTruthy()
    expect(screen.getByText('01/12/2030')).toBeTruthy()
    expect(screen.getByText('09:00')).toBeTruthy()
    expect(screen.getByText('3 people')).toBeTruthy()
    expect(screen.getByText('Waiting for places')).toBeTruthy()
    expect(screen.getByText('2 requests are ahead of yours.')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Leave the list' }))
    expect(await screen.findByText('You left the list')).toBeTruthy()
    expect(api.to('POST', `/api/waitlist/${token}/leave`)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Leave the list' })).toBeNull()
    expect(screen.getByRole('link', { name: 'See Vida Beach Hotel' }).getAttribute('href')).toBe(
      '/gyms/vida-beach',
    )
  })

  it('shows the held places, until when, and the total; Book these places fills the cart and goes to checkout', async () => {
    const entry = offered()
    // A line the cart already had for that slot gives way to the held places.
    localStorage.setItem('cart', JSON.stringify([{ ...cartLine, quantity: 1 }]))
    const { api } = open(() => Response.json(entry))
    expect(await screen.findByText('Places held for you')).toBeTruthy()
    expect(screen.getByText(/^3 places are held for you/)).toBeTruthy()
    expect(screen.getByText(`Held until ${bahrainClock(entry.offerExpiresAt ?? '')}`)).toBeTruthy()
    expect(screen.getByText(/^(19|20):\d\d left$/)).toBeTruthy()
    expect(screen.getByText('BD 42.000')).toBeTruthy()
    // The venue's details for the cart line arrive with the venue's page data.
    await waitFor(() => expect(api.to('GET', '/api/gyms/vida-beach')).toHaveLength(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))

    fireEvent.click(screen.getByRole('button', { name: 'Book these places' }))
    expect(await screen.findByText('checkout page')).toBeTruthy()
    const cart = JSON.parse(localStorage.getItem('cart') ?? '[]')
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatchObject({
      gymId: 'vida-beach',
      passId: 'adult-day',
      date: '2030-12-01',
      time: '09:00',
      quantity: 3,
      gymName: 'Vida Beach Hotel',
      passName: 'Adult - Gym and pool',
      passPrice: 'BD 14.000',
      location: 'Bahrain Bay',
      payAtVenueOnly: false,
    })
    expect(readHeldOffer()).toEqual({
      token,
      gymId: 'vida-beach',
      passId: 'adult-day',
      date: '2030-12-01',
      time: '09:00',
    })
  })

  it('says when the hold has run out on this device’s clock, with nothing to book', async () => {
    const { api } = open(() => Response.json(offered(inMinutes(-1))))
    expect(await screen.findByText('The hold has run out. The places go to the next in line.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Book these places' })).toBeNull()
    // The server is asked again what became of the places, and not over and over.
    const reads = () => api.to('GET', `/api/waitlist/${token}`).length
    await waitFor(() => expect(reads()).toBeGreaterThan(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
    const settled = reads()
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(reads()).toBe(settled)
  })

  it.each([
    ['booked', 'Booked', 'You booked these places. Your booking confirmation has the details.'],
    [
      'left',
      'You left the list',
      'You are no longer on the waiting list, and we will not e-mail you about this time.',
    ],
    [
      'expired',
      'The offer ran out',
      'The places held for you were not booked in time and went to the next in line.',
    ],
  ] as const)(
    'says plainly when the request is %s, with a link to the venue',
    async (status, label, text) => {
      open(() => Response.json({ ...waiting, status, ahead: null }))
      expect(await screen.findByText(label)).toBeTruthy()
      expect(screen.getByText(text)).toBeTruthy()
      expect(screen.getByRole('link', { name: 'See Vida Beach Hotel' }).getAttribute('href')).toBe(
        '/gyms/vida-beach',
      )
      expect(screen.queryByRole('button')).toBeNull()
    },
  )

  it('says a link is not valid, in the page’s language', async () => {
    const notFound = () =>
      Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 })
    open(notFound)
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy()
    cleanup()
    await act(() => i18next.changeLanguage('ar'))
    open(notFound)
    expect(await screen.findByRole('heading', { name: 'هذا الرابط غير صالح' })).toBeTruthy()
  })

  it('offers the places in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'))
    open(() => Response.json(offered()))
    expect(await screen.findByRole('button', { name: 'احجز هذه الأماكن' })).toBeTruthy()
    expect(screen.getByText('فندق فيدا بيتش')).toBeTruthy()
    expect(screen.getByText('أماكن محجوزة لك')).toBeTruthy()
  })

  it('names Leave the list in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'))
    open(() => Response.json(waiting))
    expect(await screen.findByRole('button', { name: 'غادر القائمة' })).toBeTruthy()
    expect(screen.getByText('أمام طلبك طلبان.')).toBeTruthy()
  })

  it('asks before leaving from the mail’s link, and gives held places back only on a tap', async () => {
    const { api } = open(
      () => Response.json(offered()),
      { [`POST /api/waitlist/${token}/leave`]: () => Response.json({ ...offered(), status: 'left' }) },
      '?leave=1',
    )
    await screen.findByText('Give back the places held for you? They go to the next in line.')
    // Opening the link changed nothing: a mail scanner that follows it takes no one off the list.
    expect(api.to('POST', `/api/waitlist/${token}/leave`)).toHaveLength(0)
    const giveBack = screen.getAllByRole('button', { name: 'Give the places back' })
    expect(giveBack.length).toBeGreaterThanOrEqual(1)
    fireEvent.click(giveBack[0] as HTMLElement)
    expect(await screen.findByText('You left the list')).toBeTruthy()
    expect(api.to('POST', `/api/waitlist/${token}/leave`)).toHaveLength(1)
  })
})
