import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, signedInAs, signedOut } from '../../../testing/render.tsx'
import { keepHeldOffer, readHeldOffer } from '../../waitlist/held-offer.ts'
import { cartLine, orderFor, quoteFor, stubApi } from '../test-fixtures.ts'
import { useEmailVerification } from '../use-email-verification.ts'
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

describe('checkout after the waiting list (B6)', () => {
  it('shows until when the offer holds the places, with the time left', async () => {
    keepHeldOffer(offer)
    // 11:35 UTC: 14:35 in Bahrain, 20 minutes from now.
    vi.setSystemTime(new Date('2030-11-30T11:15:00.000Z'))
    stubApi({
      'GET /api/session': () => Response.json(signedInAs('user')),
      'POST /api/checkout/quote': () =>
        Response.json(quoteFor([held], { heldUntil: '2030-11-30T11:35:00.000Z' })),
      'GET /api/checkout/payment-config': () =>
        Response.json({ provider: 'test', clientId: null, currency: 'USD' }),
    })
    localStorage.setItem('cart', JSON.stringify([held]))
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], {
      path: '/checkout',
      session: signedInAs('user'),
    })
    const notice = await screen.findByRole('status', { name: /held for you/ })
    expect(notice.textContent).toContain('until 14:35')
    expect(notice.textContent).toMatch(/(20:00|19:5\d) left/)
    vi.useRealTimers()
  })

  it('knows the e-mail a guest verified in the join dialog, without a reload', async () => {
    stubApi({
      'POST /api/guest-verification/send-code': () =>
        Response.json({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 }, { status: 202 }),
      'POST /api/guest-verification/verify-code': () =>
        Response.json({ proof: 'proof-123', expiresAt: '2099-01-01T00:00:00.000Z' }),
      'POST /api/checkout/quote': () => Response.json(quoteFor([held])),
      'GET /api/checkout/payment-config': () =>
        Response.json({ provider: 'test', clientId: null, currency: 'USD' }),
    })
    // The join dialog's check, as the booking dialog runs it (join-waitlist.tsx).
    function JoinCheck() {
      const check = useEmailVerification('layla@example.bh', 'en')
      return (
        <>
          <button type="button" onClick={check.send}>
            Send
          </button>
          <button type="button" onClick={() => check.verify('123456')}>
            Verify
          </button>
          <p>{check.verification.step}</p>
        </>
      )
    }
    renderRoutes([{ path: '/', element: <JoinCheck /> }], { path: '/', session: signedOut })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await screen.findByText('sent')
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByText('verified')
    cleanup()

    // Then, in the same tab with no reload, the checkout of the offered places.
    localStorage.setItem('cart', JSON.stringify([held]))
    renderRoutes([{ path: '/checkout', element: <CheckoutPage /> }], {
      path: '/checkout',
      session: signedOut,
    })
    const address = (await screen.findByRole('textbox', { name: /^Email/ })) as HTMLInputElement
    if (address.value === '') fireEvent.change(address, { target: { value: 'layla@example.bh' } })
    expect(await screen.findByText('Email verified')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send Code to Email' })).toBeNull()
  })
})
