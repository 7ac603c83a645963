import { fireEvent, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes, signedInAs } from '../../../testing/render.tsx'
import { CheckoutPage } from '../pages/checkout-page.tsx'
import { cartLine, orderFor, quoteFor, stubApi } from '../test-fixtures.ts'

// PayPal's SDK cannot load in tests: its React wrapper is replaced by a button that calls the same
// callbacks PayPal would (createOrder, then onApprove with PayPal's order id, or onError).
const script = vi.hoisted(() => ({ rejected: false, options: undefined as unknown }))
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: unknown; children: ReactNode }) => {
    script.options = options
    return children
  },
  usePayPalScriptReducer: () => [
    { isPending: false, isRejected: script.rejected, isResolved: !script.rejected },
  ],
  PayPalButtons: (props: {
    createOrder(): Promise<string>
    onApprove(data: { orderID: string }): Promise<void>
    onError(error: Record<string, unknown>): void
  }) => (
    <button
      type="button"
      onClick={() =>
        void props
          .createOrder()
          .then((orderID) => props.onApprove({ orderID }))
          .catch(() => props.onError({}))
      }
    >
      PayPal
    </button>
  ),
}))

function open(orders: () => Response) {
  localStorage.setItem('cart', JSON.stringify([cartLine]))
  const api = stubApi({
    'GET /api/session': () => Response.json(signedInAs('user')),
    'POST /api/checkout/quote': () => Response.json(quoteFor([cartLine])),
    'GET /api/checkout/payment-config': () =>
      Response.json({ provider: 'paypal', clientId: 'client-123', currency: 'USD' }),
    'POST /api/checkout/orders': orders,
    'POST /api/checkout/orders/order-1/payment': () => Response.json({ providerOrderId: 'PAYPAL-9' }),
    'POST /api/checkout/orders/order-1/capture': () => Response.json(orderFor('confirmed', 'card')),
  })
  renderRoutes(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/bookings/orders/:orderId', element: <p>order page</p> },
    ],
    {
      path: '/checkout',
      session: signedInAs('user'),
    },
  )
  return api
}

async function revealWidget() {
  const payNow = (await screen.findByRole('button', { name: 'Pay Now' })) as HTMLButtonElement
  await vi.waitFor(() => expect(payNow.disabled).toBe(false))
  fireEvent.click(payNow)
}

beforeEach(() => {
  localStorage.clear()
  script.rejected = false
})
afterEach(() => vi.unstubAllGlobals())

describe('paying with PayPal', () => {
  it('shows the buttons only after Pay Now, with the pop-up advice, and books through our server', async () => {
    const api = open(() => Response.json(orderFor('awaiting_payment', 'card'), { status: 201 }))
    await revealWidget()
    expect(
      await screen.findByText(
        'PayPal opens in a pop-up window. If nothing appears, allow pop-ups for this site in your browser and try again.',
      ),
    ).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'PayPal' }))
    expect(await screen.findByText('order page')).toBeTruthy()
    expect(script.options).toEqual({ clientId: 'client-123', currency: 'USD', intent: 'capture' })
    expect(api.to('POST', '/api/checkout/orders/order-1/capture')[0]?.body).toEqual({
      providerOrderId: 'PAYPAL-9',
    })
  })

  it('says which step failed rather than PayPal’s generic message', async () => {
    open(() => Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }))
    await revealWidget()
    fireEvent.click(await screen.findByRole('button', { name: 'PayPal' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred while processing your booking. Please try again.',
    )
  })

  it('says when the PayPal script cannot load', async () => {
    script.rejected = true
    open(() => Response.json(orderFor('awaiting_payment', 'card'), { status: 201 }))
    await revealWidget()
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the PayPal JS SDK script.')
  })
})
