import { vi } from 'vitest'
import type { CartItem } from '../../../shared/cart.ts'
import type { Order, Quote } from '../../../shared/checkout.ts'

/** Test helpers for the checkout pages: a cart line, the server's answers, and a fetch that routes by URL. */
export const cartLine: CartItem = {
  id: 'line-1',
  gymId: 'vida-beach',
  passId: 'adult-day',
  gymName: 'Vida Beach Hotel',
  passName: 'Adult - Gym and pool',
  passPrice: 'BD 14.000',
  date: '2030-12-01',
  time: '09:00',
  location: 'Bahrain Bay',
  payAtVenueOnly: false,
  quantity: 1,
}

const people = (items: CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0)

export function quoteFor(items: CartItem[], overrides: Partial<Quote> = {}): Quote {
  return {
    lines: items.map((item) => ({
      gymId: item.gymId,
      passId: item.passId ?? '',
      date: item.date,
      time: item.time,
      quantity: item.quantity,
      gymName: { en: item.gymName, ar: item.gymName },
      passName: { en: item.passName, ar: item.passName },
      location: { en: item.location, ar: item.location },
      priceFils: 14000,
      price: 'BD 14.000',
      payAtVenueOnly: item.payAtVenueOnly,
      problem: null,
    })),
    totalFils: 14000 * people(items),
    total: `BD ${14 * people(items)}.000`,
    totalUsd: (37.1 * people(items)).toFixed(2),
    payAtVenueOnly: items.some((item) => item.payAtVenueOnly),
    bookable: true,
    ...overrides,
  }
}

export function orderFor(
  status: Order['status'],
  paymentMethod: Order['paymentMethod'],
  paymentStatus: 'paid' | 'pay at venue' = paymentMethod === 'card' ? 'paid' : 'pay at venue',
): Order {
  return {
    id: 'order-1',
    status,
    paymentMethod,
    totalFils: 14000,
    total: 'BD 14.000',
    totalUsd: '37.10',
    bookings:
      status === 'confirmed'
        ? [
            {
              id: 1,
              reference: 'DP-7K3M-Q9AB',
              manageToken: null,
              orderId: 'order-1',
              gymId: cartLine.gymId,
              gymName: { en: cartLine.gymName, ar: cartLine.gymName },
              passId: 'adult-day',
              passName: { en: cartLine.passName, ar: cartLine.passName },
              price: 'BD 14.000',
              priceFils: 14000,
              date: cartLine.date,
              time: cartLine.time,
              location: { en: cartLine.location, ar: cartLine.location },
              paymentStatus,
              createdAt: '2030-11-01T10:00:00.000Z',
            },
          ]
        : [],
  }
}

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code, message, fields } }, { status })

type Handler = (init: RequestInit) => Response | Promise<Response>

export interface Call {
  url: string
  method: string
  headers: Record<string, string>
  body: unknown
}

/** Stubs fetch: each request goes to the handler for "METHOD /path"; `calls` records what was sent. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET'
    calls.push({
      url,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    })
    const handler = handlers[`${method} ${url}`]
    return handler ? handler(init) : apiError(404, 'NOT_FOUND', `No stub for ${method} ${url}`)
  })
  return {
    calls,
    to: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
  }
}
