import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import { linesOf } from '../checkout-attempt.ts'
import type { BookingDetails } from '../review-state.ts'
import { apiError, cartLine, orderFor, stubApi } from '../test-fixtures.ts'
import { ReviewBookingPage } from './review-booking-page.tsx'

const routes = [
  { path: '/review-booking', element: <ReviewBookingPage /> },
  { path: '/cart', element: <p>cart page</p> },
  { path: '/checkout', element: <p>checkout page</p> },
  { path: '/bookings', element: <p>bookings page</p> },
  { path: '/booking/:token', element: <p>order page</p> },
  { path: '/bookings/orders/:orderId', element: <p>account order page</p> },
  { path: '/', element: <p>home page</p> },
]

const bookingDetails: BookingDetails = {
  items: [cartLine],
  guestDetails: {
    firstName: 'Layla',
    lastName: 'Hasan',
    email: 'layla@example.bh',
    mobileNumber: '+97333334444',
  },
  paymentMethod: 'venue',
  totalAmount: 14000,
  proof: 'proof-123',
}

async function openWithState(state: unknown) {
  const view = renderRoutes(routes, { path: '/', session: signedOut })
  await screen.findByText('home page')
  await act(() => view.router.navigate('/review-booking', { state }))
  return view
}

const guestToken = `1.1.${'a'.repeat(43)}`
/** The order as a guest's comes back: each visit with the token of its manage link. */
function guestOrder() {
  const order = orderFor('confirmed', 'venue')
  return { ...order, bookings: order.bookings.map((booking) => ({ ...booking, manageToken: guestToken })) }
}

const submit = () => screen.getByRole('button', { name: 'Submit Booking Confirmation' })

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('the review booking page', () => {
  it('sends a visitor without booking details to the cart', async () => {
    const { router } = renderRoutes(routes, { path: '/review-booking', session: signedOut })
    expect(await screen.findByText('cart page')).toBeTruthy()
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('shows a party’s line as its people × the pass for their price; a line saved without people is one', async () => {
    const { quantity: _none, ...saved } = cartLine
    await openWithState({
      bookingDetails: {
        ...bookingDetails,
        items: [
          { ...cartLine, quantity: 2 },
          { ...saved, id: 'line-2', time: '10:00' },
        ],
        totalAmount: 42000,
      },
    })
    const passes = await screen.findAllByText('Adult - Gym and pool', { exact: false })
    expect(passes.map((pass) => pass.textContent)).toEqual([
      '2 × 2 people: Adult - Gym and pool',
      'Adult - Gym and pool',
    ])
    expect(screen.getByText('BD 28.000')).toBeTruthy()
    expect(screen.getByText('BD 14.000')).toBeTruthy()
    expect(screen.getByText('BD 42.000')).toBeTruthy()
  })

  it('ignores damaged navigation state', async () => {
    await openWithState({ bookingDetails: { ...bookingDetails, items: 'nope' } })
    expect(await screen.findByText('cart page')).toBeTruthy()
  })

  it('shows the guest, the items and the total, and books with the proof', async () => {
    const api = stubApi({
      'POST /api/checkout/orders': () => Response.json(guestOrder(), { status: 201 }),
    })
    await openWithState({ bookingDetails })
    expect(await screen.findByText('Layla Hasan')).toBeTruthy()
    expect(screen.getByText('+973 3333 4444')).toBeTruthy()
    expect(screen.getByText('Pay at Venue')).toBeTruthy()
    expect(screen.getByText('01/12/2030')).toBeTruthy()
    expect(screen.getAllByText('BD 14.000')).toHaveLength(2)
    expect(
      screen.getByText(
        'A confirmation e-mail will be sent to layla@example.bh and the venue will be notified of your booking.',
      ),
    ).toBeTruthy()
    fireEvent.click(submit())
    expect(await screen.findByText('order page')).toBeTruthy()
    const [order] = api.to('POST', '/api/checkout/orders')
    expect(order?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_:-]{8,200}$/)
    expect(order?.body).toMatchObject({ paymentMethod: 'venue', guest: { proof: 'proof-123' } })
  })

  it('says when the e-mail check has expired and links back to verify again', async () => {
    stubApi({
      'POST /api/checkout/orders': () =>
        apiError(403, 'VERIFY_EMAIL_FIRST', 'Please verify your email address with a code before proceeding'),
    })
    await openWithState({ bookingDetails })
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Your e-mail verification has expired.')
    expect(screen.getByRole('link', { name: 'Verify your e-mail again' }).getAttribute('href')).toBe(
      '/checkout',
    )
  })

  it('gives the spec’s message on any other failure, and lets the guest retry', async () => {
    let fail = true
    const api = stubApi({
      'POST /api/checkout/orders': () =>
        fail ? apiError(500, 'INTERNAL', 'boom') : Response.json(guestOrder(), { status: 201 }),
    })
    await openWithState({ bookingDetails })
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while confirming your booking. Please try again.',
    )
    fail = false
    fireEvent.click(submit())
    expect(await screen.findByText('order page')).toBeTruthy()
    await waitFor(() => expect(api.to('POST', '/api/checkout/orders')).toHaveLength(2))
  })

  it('names a slot filled since the checkout on its line, once, and sends the guest back to choose another time', async () => {
    stubApi({
      'POST /api/checkout/orders': () =>
        apiError(409, 'ITEMS_UNAVAILABLE', 'Some items…', { 'items.0': 'SLOT_FULL' }),
    })
    await openWithState({ bookingDetails })
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This time slot is full. Please choose another time.',
    )
    expect(screen.queryByText(/An error occurred/)).toBeNull()
    expect(
      screen.getByRole('link', { name: 'Back to checkout to choose another time' }).getAttribute('href'),
    ).toBe('/checkout')
    expect((submit() as HTMLButtonElement).disabled).toBe(true)
  })

  it('once booked, moves to the guest’s order page in place of itself: Back never shows the button', async () => {
    const api = stubApi({
      'POST /api/checkout/orders': () => Response.json(guestOrder(), { status: 201 }),
    })
    const { router } = await openWithState({ bookingDetails })
    localStorage.setItem('cart', JSON.stringify([cartLine]))
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    await screen.findByText('order page')
    expect(router.state.location.pathname).toBe(`/booking/${guestToken}`)
    expect(router.state.location.state).toEqual({ confirmed: { email: 'layla@example.bh' } })
    expect(router.state.historyAction).toBe('REPLACE')
    // The cart is emptied with the booking, and stays so.
    expect(localStorage.getItem('cart')).toBe('[]')

    await act(() => router.navigate(-1))
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Submit Booking Confirmation' })).toBeNull()
    await act(() => router.navigate(1))
    expect(await screen.findByText('order page')).toBeTruthy()
    expect(api.to('POST', '/api/checkout/orders')).toHaveLength(1)
  })

  it('moves an entry that kept its order (from before orders had a page) to that page, leaving the cart', async () => {
    stubApi({})
    localStorage.setItem('cart', JSON.stringify([{ ...cartLine, id: 'added-since' }]))
    const { router } = await openWithState({ bookingDetails, confirmedOrder: guestOrder() })
    await screen.findByText('order page')
    expect(router.state.location.pathname).toBe(`/booking/${guestToken}`)
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1)
  })

  it('sends the attempt’s key again from a reloaded page, so a lost answer cannot book twice', async () => {
    const api = stubApi({ 'POST /api/checkout/orders': () => apiError(500, 'INTERNAL', 'boom') })
    const { unmount } = await openWithState({ bookingDetails })
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    await screen.findByRole('alert')
    unmount()
    await openWithState({ bookingDetails })
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    await waitFor(() => expect(api.to('POST', '/api/checkout/orders')).toHaveLength(2))
    const [first, second] = api.to('POST', '/api/checkout/orders')
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key'])
  })

  it('turns into the confirmation when another tab books the same cart', async () => {
    stubApi({})
    await openWithState({ bookingDetails })
    await screen.findByRole('button', { name: 'Submit Booking Confirmation' })
    // What the other tab leaves in the shared storage, and the event this tab gets for it.
    const attempts = [
      { lines: linesOf([cartLine]), key: 'other-tab-key', order: { id: 'o', status: 'confirmed' } },
    ]
    const value = JSON.stringify(attempts)
    localStorage.setItem('checkout.attempts', value)
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'checkout.attempts', newValue: value }))
    })
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy()
    expect(screen.getByText(/already confirmed/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Submit Booking Confirmation' })).toBeNull()
  })

  it('checks again when the page comes back from the back/forward cache', async () => {
    stubApi({})
    await openWithState({ bookingDetails })
    await screen.findByRole('button', { name: 'Submit Booking Confirmation' })
    // Booked while this page was frozen in the cache: no storage event reached it.
    const attempts = [
      { lines: linesOf([cartLine]), key: 'key-0001', order: { id: 'o', status: 'confirmed' } },
    ]
    localStorage.setItem('checkout.attempts', JSON.stringify(attempts))
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    })
    expect(await screen.findByText(/already confirmed/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Submit Booking Confirmation' })).toBeNull()
  })
})
