import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, signedOut } from '../../../testing/render.tsx'
import type { BookingDetails } from '../review-state.ts'
import { apiError, cartLine, orderFor, stubApi } from '../test-fixtures.ts'
import { ReviewBookingPage } from './review-booking-page.tsx'

const routes = [
  { path: '/review-booking', element: <ReviewBookingPage /> },
  { path: '/cart', element: <p>cart page</p> },
  { path: '/checkout', element: <p>checkout page</p> },
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

const submit = () => screen.getByRole('button', { name: 'Submit Booking Confirmation' })

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

describe('the review booking page', () => {
  it('sends a visitor without booking details to the cart', async () => {
    const { router } = renderRoutes(routes, { path: '/review-booking', session: signedOut })
    expect(await screen.findByText('cart page')).toBeTruthy()
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('ignores damaged navigation state', async () => {
    await openWithState({ bookingDetails: { ...bookingDetails, items: 'nope' } })
    expect(await screen.findByText('cart page')).toBeTruthy()
  })

  it('shows the guest, the items and the total, and books with the proof', async () => {
    const api = stubApi({
      'POST /api/checkout/orders': () => Response.json(orderFor('confirmed', 'venue'), { status: 201 }),
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
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy()
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
        fail
          ? apiError(500, 'INTERNAL', 'boom')
          : Response.json(orderFor('confirmed', 'venue'), { status: 201 }),
    })
    await openWithState({ bookingDetails })
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Booking Confirmation' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while confirming your booking. Please try again.',
    )
    fail = false
    fireEvent.click(submit())
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed' })).toBeTruthy()
    await waitFor(() => expect(api.to('POST', '/api/checkout/orders')).toHaveLength(2))
  })
})
