import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { keepHeldOffer, readHeldOffer } from '../../waitlist/held-offer.ts'
import { cartLine, orderFor, quoteFor, stubApi } from '../test-fixtures.ts'
import { CheckoutPage } from './checkout-page.tsx'

const token = `7.${'a'.repeat(43)}`
const offer = { token, gymId: 'vida-beach', passId: 'adult-day', date: '2030-12-01', time: '09:00' }
const held = { ...cartLine, quantity: 3 }

function stub() {
  return stubApi({
    'GET /api/session': () => Response.json(signedInAs('user')),
    'POST /api/checkout/quote': () => Response.json(quoteFor([held])),
    'GET /api/checkout/payment-config': () =>
      Response.json({ provider: 'test', clientId: null, currency: 'USD' }),
    'POST /api/checkout/orders': () => Response.json(orderFor('confirmed', 'venue'), { status: 201 }),
  })
}

async function book(items = [held]) {
  localStorage.setItem('cart', JSON.stringify(items))
  renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/bookings/orders/:orderId', element: <h1>Order page</h1> },
    ],
    {
      path: '/checkout',
      session: signedInAs('user'),
    },
  )
  fireEvent.click(await screen.findByRole('radio', { name: /Pay at Venue/ }))
  const confirm = screen.getByRole('button', { name: 'Confirm Booking' }) as HTMLButtonElement
  await waitFor(() => expect(confirm.disabled).toBe(false))
  fireEvent.click(confirm)
  // A confirmed order moves on to its own page.
  await screen.findByRole('heading', { name: 'Order page' })
}

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})
afterEach(async () => {
  cleanup()
  await new Promise((resolve) => setTimeout(resolve, 5))
  vi.unstubAllGlobals()
})

describe('checkout with a waiting list offer', () => {
  it('sends the offer kept for the line with the order, and forgets it once the order is confirmed', async () => {
    keepHeldOffer(offer)
    const api = stub()
    await book()
    expect(api.to('POST', '/api/checkout/orders')[0]?.body).toMatchObject({
      items: [{ gymId: 'vida-beach', passId: 'adult-day', date: '2030-12-01', time: '09:00', quantity: 3 }],
      waitlistOffer: token,
    })
    // The quote counts the held places as free for the line, so it asks with the offer too.
    expect(api.to('POST', '/api/checkout/quote')[0]?.body).toMatchObject({ waitlistOffer: token })
    await waitFor(() => expect(readHeldOffer()).toBeUndefined())
  })

  it('does not send an offer for a slot the cart no longer books', async () => {
    keepHeldOffer({ ...offer, time: '10:00' })
    const api = stub()
    await book()
    expect(api.to('POST', '/api/checkout/orders')[0]?.body).not.toHaveProperty('waitlistOffer')
    expect(api.to('POST', '/api/checkout/quote')[0]?.body).not.toHaveProperty('waitlistOffer')
  })
})
